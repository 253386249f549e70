import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A sheet rising from the bottom of the phone's screen: a modal dialog (focus kept inside, Escape
 * closes it), titled by its heading.
 */
export function Sheet({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="mx-auto mb-0 mt-auto max-h-[92vh] w-full max-w-lg overflow-y-auto rounded-t-2xl bg-white p-4 text-slate-900 backdrop:bg-slate-900/50"
    >
      <h2 id={titleId} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {children}
    </dialog>
  );
}

/** A sheet's Save (its form's submit) and Cancel, one-handed: Save wide, under the thumb. */
export function SheetActions({ onCancel, saving = false }: { onCancel: () => void; saving?: boolean }) {
  return (
    <div className="flex gap-3">
      <button type="submit" className={`${PRIMARY} flex-1`} disabled={saving}>
        Save
      </button>
      <button type="button" className={SECONDARY} onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

const BUTTON =
  'min-h-11 min-w-11 rounded-lg px-4 text-base font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60';
export const PRIMARY = `${BUTTON} bg-brand-700 text-white`;
export const SECONDARY = `${BUTTON} border border-slate-300 bg-white text-slate-900`;
export const FIELD =
  'mt-1 block min-h-11 w-full rounded-lg border border-slate-400 px-3 text-base focus-visible:outline-3 focus-visible:outline-brand-700';
