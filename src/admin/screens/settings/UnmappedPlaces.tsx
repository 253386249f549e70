import { useStore } from '@nanostores/react';
import { type ReactNode, useId } from 'react';
import type { UnmappedPlace } from '@/lib/schemas/place';
import { ColumnHeads, ScrollingTable } from '../../components/ListParts';
import { $unmappedPlaces } from '../../stores/places';
import { rowActionClass } from './PlaceTable';

/**
 * The place names shipments use that the gazetteer lacks, each with its shipments (a search of them) and
 * where the map draws it, and a button that starts adding it.
 */
export function UnmappedPlaces({ onAdd }: { onAdd: (place: UnmappedPlace) => void }) {
  const unmapped = useStore($unmappedPlaces);
  const headingId = useId();

  let content: ReactNode;
  if (unmapped.status === 'loading') {
    content = (
      <p role="status" className="text-sm text-slate-700">
        Loading the places shipments use...
      </p>
    );
  } else if (unmapped.status === 'error') {
    content = (
      <p role="alert" className="text-sm text-red-700">
        {unmapped.message}
      </p>
    );
  } else if (!unmapped.data.places.length) {
    content = <p className="text-sm text-slate-700">Every place shipments use is listed here.</p>;
  } else {
    const { places, total } = unmapped.data;
    content = (
      <>
        <ScrollingTable
          label="Places not listed"
          caption="Places shipments use that are not listed, the most used first"
        >
          <ColumnHeads
            compact
            columns={['Place', { label: 'Shipments', numeric: true }, 'On the map', { label: 'Actions', hidden: true }]}
          />
          <tbody className="divide-y divide-slate-200">
            {places.map((place) => (
              <tr key={place.name}>
                <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                  {place.name}
                </th>
                <td className="px-3 py-2 text-right">
                  <a
                    href={`/admin/shipments?q=${encodeURIComponent(place.name)}`}
                    className="font-semibold text-brand-700 underline underline-offset-2"
                  >
                    {place.shipments}
                    <span className="sr-only"> {place.shipments === 1 ? 'shipment' : 'shipments'}: search them</span>
                  </a>
                </td>
                <td className="px-3 py-2 text-slate-700">
                  {place.drawn_at ? `At ${place.drawn_at}’s centre` : 'Not drawn'}
                </td>
                <td className="px-3 py-2 text-right">
                  <button type="button" className={`${rowActionClass} text-brand-700`} onClick={() => onAdd(place)}>
                    Add<span className="sr-only"> {place.name}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
        {total > places.length ? (
          <p className="text-sm text-slate-700">
            Showing the {places.length} most used of {total}.
          </p>
        ) : null}
      </>
    );
  }
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-md border border-slate-200 p-4">
      <div>
        <h3 id={headingId} className="font-semibold text-slate-900">
          Places shipments use that are not listed
        </h3>
        <p className="mt-1 text-sm text-slate-700">
          The map draws these at their country’s centre when the country is listed, and leaves them off otherwise. Add
          one with its coordinates to draw it where it is.
        </p>
      </div>
      {content}
    </section>
  );
}
