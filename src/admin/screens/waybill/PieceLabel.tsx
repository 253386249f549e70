import type { CompanySettingsValue } from '@/lib/schemas/settings';
import type { WaybillShipment } from '@/lib/schemas/waybill';
import { formatWeight } from '@/lib/weight';
import { Code128, QrCode } from '../../components/Barcodes';

/** The public tracking page of a shipment, as its QR code and the sheet's footer give it. */
export const trackUrl = (trackingNumber: string) =>
  `${window.location.origin}/track?number=${encodeURIComponent(trackingNumber)}`;

type Piece = WaybillShipment['pieces'][number];

/**
 * A 4 × 6 in shipping label for one piece: "Piece 2 of 3" and that piece's own barcode (the tracking number
 * and the piece's number), so each parcel is scanned on its own; the QR code opens the shipment's tracking page.
 * Scanning the tracking number itself stands for the whole shipment.
 */
export function PieceLabel({
  shipment,
  piece,
  company,
}: {
  shipment: WaybillShipment;
  piece: Piece;
  company: CompanySettingsValue;
}) {
  const of = `Piece ${piece.number} of ${shipment.pieces.length}`;
  // A shipment of one piece keeps the tracking number as its barcode, as its labels always had it.
  const code = shipment.pieces.length === 1 ? shipment.tracking_number : piece.barcode;
  return (
    <article
      aria-label={`Label ${code}, ${of}`}
      className="waybill mx-auto flex h-[6in] w-[4in] flex-col gap-2 overflow-hidden bg-white p-[0.15in] text-slate-900 shadow print:shadow-none"
    >
      <div className="flex items-baseline justify-between border-b-2 border-slate-900 pb-1">
        <p className="text-sm font-extrabold">{company.company_name}</p>
        <p className="text-sm font-extrabold">{of}</p>
      </div>
      <div className="text-[10px] leading-tight">
        <span className="font-bold uppercase">From: </span>
        {shipment.sender_name}
        {shipment.sender_address ? `, ${shipment.sender_address}` : ''}
      </div>
      <div className="rounded border-2 border-slate-900 p-2">
        <p className="text-[10px] font-bold uppercase">To</p>
        <p className="text-base font-extrabold leading-tight">{shipment.recipient_name}</p>
        <p className="text-sm leading-tight">{shipment.recipient_address}</p>
        <p className="text-sm font-semibold leading-tight">{shipment.destination}</p>
        {shipment.recipient_phone ? <p className="text-xs">{shipment.recipient_phone}</p> : null}
      </div>
      <Code128 text={code} className="mx-auto h-[1.3in] w-full object-contain" />
      <div className="mt-auto flex items-end justify-between gap-2">
        <div className="text-[10px] leading-tight">
          <p>
            <span className="font-bold">Weight:</span> {piece.weight === null ? '—' : formatWeight(piece.weight)}
          </p>
          <p>
            <span className="font-bold">Type:</span> {shipment.package_type ?? '—'}
          </p>
          <p>
            <span className="font-bold">Route:</span> {shipment.origin} → {shipment.destination}
          </p>
          {shipment.reference ? (
            <p>
              <span className="font-bold">Ref:</span> {shipment.reference}
            </p>
          ) : null}
          <p className="mt-1">
            {company.phone} · Track: scan the code or visit {window.location.host}/track
          </p>
        </div>
        <QrCode value={trackUrl(shipment.tracking_number)} className="h-[1.1in] w-[1.1in] shrink-0" />
      </div>
    </article>
  );
}
