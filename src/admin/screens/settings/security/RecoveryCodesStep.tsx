import { useEffect, useId, useRef } from 'react';
import { company } from '@/data/company';
import { buttonClass, secondaryButtonClass } from '../../../components/Field';
import { copyText } from './two-factor-dialog';

/**
 * The setup dialog's second step: the ten recovery codes, shown this once, to copy or download before
 * closing.
 */
export function RecoveryCodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => heading.current?.focus(), []);
  const asText = `${company.shortName} back office: recovery codes (each signs in once)\n\n${codes.join('\n')}\n`;

  const download = () => {
    const url = URL.createObjectURL(new Blob([asText], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'nec-cargo-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="flex flex-col gap-4 text-sm text-slate-800">
      <h3 ref={heading} id={headingId} tabIndex={-1} className="text-base font-semibold text-green-900 outline-none">
        Two-factor sign-in is on. Save your recovery codes
      </h3>
      <p>
        Without your phone, each of these codes signs you in once in place of a code from the app.{' '}
        <strong>This is the only time they are shown:</strong> keep them somewhere safe, such as a password manager.
      </p>
      <ol
        aria-labelledby={headingId}
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-md border border-slate-200 bg-slate-50 p-4 font-mono text-base text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={secondaryButtonClass} onClick={() => void copyText(codes.join('\n'), 'Codes')}>
          Copy codes
        </button>
        <button type="button" className={secondaryButtonClass} onClick={download}>
          Download codes
        </button>
        <button type="button" className={buttonClass} onClick={onDone}>
          I have saved them
        </button>
      </div>
    </div>
  );
}
