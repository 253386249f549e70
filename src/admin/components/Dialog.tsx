import { type ReactNode, useEffect, useId, useRef } from 'react';
import { buttonClass, dangerButtonClass, secondaryButtonClass } from './Field';

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Escape and makes the rest of
 * the page inert; we give it a label, start on the control marked `data-autofocus` if any, and put
 * focus back where it was when it closes.
 */
export function Dialog({ open, title, onClose, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      // The browser starts on the first control (the close button); a dialog may name a better one.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const restore = () => {
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
    };
    const cancel = (event: Event) => {
      event.preventDefault();
      onClose();
    };
    dialog.addEventListener('close', restore);
    dialog.addEventListener('cancel', cancel);
    return () => {
      dialog.removeEventListener('close', restore);
      dialog.removeEventListener('cancel', cancel);
    };
  }, [onClose]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className="m-auto w-[min(36rem,calc(100%-2rem))] rounded-xl p-0 shadow-2xl backdrop:bg-slate-900/50"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="rounded p-1 text-slate-600 hover:bg-slate-100"
          aria-label="Close"
        >
          <span aria-hidden="true">✕</span>
        </button>
      </div>
      <div className="px-5 py-4">{open ? children : null}</div>
    </dialog>
  );
}

/** A dialog's Cancel and its submit button, which says what it is doing while `busy`. */
export function DialogActions({
  onCancel,
  busy,
  label,
  busyLabel = 'Saving...',
  danger = false,
  onConfirm,
}: {
  onCancel: () => void;
  busy: boolean;
  label: string;
  busyLabel?: string;
  danger?: boolean;
  /** Makes the action a plain button that confirms (see ConfirmDialog) instead of the form's submit. */
  onConfirm?: () => void;
}) {
  return (
    <div className="flex justify-end gap-3 sm:col-span-2">
      <button type="button" onClick={onCancel} className={secondaryButtonClass}>
        Cancel
      </button>
      <button
        type={onConfirm ? 'button' : 'submit'}
        onClick={onConfirm}
        disabled={busy}
        className={danger ? dangerButtonClass : buttonClass}
      >
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}

/** Asks before something that cannot be undone (revoke a key, remove a place): what happens, Cancel, and the action. */
export function ConfirmDialog({
  open,
  title,
  onClose,
  busy,
  label,
  busyLabel,
  onConfirm,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  busy: boolean;
  label: string;
  busyLabel: string;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      <p className="mb-4 text-sm text-slate-800">{children}</p>
      <DialogActions onCancel={onClose} busy={busy} label={label} busyLabel={busyLabel} danger onConfirm={onConfirm} />
    </Dialog>
  );
}
