import { formatDateTime } from '@/lib/date-display';
import type { Place } from '@/lib/schemas/place';
import { ColumnHeads, ScrollingTable } from '../../components/ListParts';

// The table of Settings > Places: each place listed for the route map, and Edit and Remove for it.

/** A row's action button, without its colour. */
export const rowActionClass = 'rounded px-2 py-1 font-semibold underline-offset-2 hover:underline';

/** The places listed, with their coordinates and when each last changed. */
export function PlaceTable({
  places,
  onEdit,
  onRemove,
}: {
  places: Place[];
  onEdit: (place: Place) => void;
  onRemove: (place: Place) => void;
}) {
  return (
    <ScrollingTable label="Places" caption="Places and their coordinates">
      <ColumnHeads
        compact
        columns={[
          'Place',
          { label: 'Latitude', numeric: true },
          { label: 'Longitude', numeric: true },
          'Last changed',
          { label: 'Actions', hidden: true },
        ]}
      />
      <tbody className="divide-y divide-slate-200">
        {places.map((place) => (
          <tr key={place.id}>
            <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
              {place.name}
            </th>
            <td className="px-3 py-2 text-right font-mono text-slate-800">{place.latitude}</td>
            <td className="px-3 py-2 text-right font-mono text-slate-800">{place.longitude}</td>
            <td className="px-3 py-2 text-slate-700">{formatDateTime(place.updated_at)}</td>
            <td className="whitespace-nowrap px-3 py-2">
              <button type="button" className={`${rowActionClass} text-brand-700`} onClick={() => onEdit(place)}>
                Edit<span className="sr-only"> {place.name}</span>
              </button>
              <button type="button" className={`${rowActionClass} text-red-700`} onClick={() => onRemove(place)}>
                Remove<span className="sr-only"> {place.name}</span>
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}
