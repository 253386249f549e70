import { formatDateTime } from '@/lib/date-display';
import { piecesDeliveredText } from '@/lib/pieces';
import type { Shipment } from '@/lib/schemas/shipment/shipment';
import { formatWeight } from '@/lib/weight';
import { ScrollingTable } from '../../components/ListParts';
import { Panel } from '../../components/Panel';

// The shipment view's pieces: each parcel's barcode, weight, sides and delivery, and how many are delivered.

const dimensions = ({ length, width, height }: Shipment['pieces'][number]) =>
  length === null || width === null || height === null ? '—' : `${length} × ${width} × ${height} cm`;

export function ShipmentPieces({ shipment }: { shipment: Shipment }) {
  const { pieces } = shipment;
  const delivered = pieces.filter((piece) => piece.delivered_at !== null).length;
  return (
    <Panel title="Pieces">
      <p className="mb-3 text-sm text-slate-800">
        {piecesDeliveredText(delivered, pieces.length) ??
          `${pieces.length} ${pieces.length === 1 ? 'piece' : 'pieces'}${delivered === pieces.length ? ', delivered' : ''}`}
      </p>
      <ScrollingTable label="Pieces" caption={`Pieces of ${shipment.tracking_number}`} className="text-left">
        <thead className="text-slate-700">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              Piece
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Barcode
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Weight
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Dimensions
            </th>
            <th scope="col" className="py-1 font-medium">
              Delivered
            </th>
          </tr>
        </thead>
        <tbody className="text-slate-900">
          {pieces.map((piece) => (
            <tr key={piece.number} className="border-t border-slate-200">
              <td className="py-1 pr-3">
                {piece.number} of {pieces.length}
              </td>
              <td className="py-1 pr-3 font-mono">{piece.barcode}</td>
              <td className="py-1 pr-3">{piece.weight === null ? '—' : formatWeight(piece.weight)}</td>
              <td className="py-1 pr-3">{dimensions(piece)}</td>
              <td className="py-1">{piece.delivered_at ? formatDateTime(piece.delivered_at) : 'Not yet'}</td>
            </tr>
          ))}
        </tbody>
      </ScrollingTable>
    </Panel>
  );
}
