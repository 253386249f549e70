import { formatDateTime } from '@/lib/date-display';
import type { ShipmentNote } from '@/lib/schemas/shipment/note';

/**
 * A shipment's staff notes, oldest first, each with its author and time in the viewer's time zone.
 * Read-only: notes are only ever appended.
 */
export function StaffNotes({ notes, label }: { notes: ShipmentNote[]; label: string }) {
  if (notes.length === 0) return <p className="text-sm text-slate-700">No staff notes yet.</p>;
  return (
    <ol aria-label={label} className="flex flex-col gap-3">
      {notes.map((note) => (
        <li key={note.id} className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm">
          <p className="whitespace-pre-line text-slate-900">{note.text}</p>
          <p className="mt-1 text-xs text-slate-700">
            {note.author ?? 'Imported (author not recorded)'},{' '}
            <time dateTime={note.created_at}>{formatDateTime(note.created_at)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
