import { useId } from 'react';

interface SwitchProps {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur?: () => void;
}

/** An on/off control in the ARIA switch pattern: a button with role="switch", its label and state read together. */
export function Switch({ label, description, checked, onChange, onBlur }: SwitchProps) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div>
        <p id={`${id}-label`} className="font-medium text-slate-900">
          {label}
        </p>
        {description ? (
          <p id={`${id}-description`} className="text-sm text-slate-700">
            {description}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        {...(description ? { 'aria-describedby': `${id}-description` } : {})}
        onClick={() => onChange(!checked)}
        onBlur={onBlur}
        className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 transition-colors ${checked ? 'border-brand-700 bg-brand-700' : 'border-slate-500 bg-slate-200'}`}
      >
        <span
          aria-hidden="true"
          className={`inline-block h-5 w-5 rounded-full bg-white shadow ring-1 ring-slate-400 transition-transform ${checked ? 'translate-x-5' : 'translate-x-0.5'}`}
        />
      </button>
    </div>
  );
}
