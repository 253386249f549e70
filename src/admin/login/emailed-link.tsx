import { useEffect, useRef, useState } from 'react';
import { buttonClass, ErrorAlert } from '../components/Field';

// What the pages of links emailed to a staff account share (a sign-in link, a password reset link). The
// token is in the address's fragment, which browsers send to no server, log or Referer; a page uses it
// up only when the person acts, so a mail scanner that opens links ahead of them cannot spend it.

/** The link's token, once the page's script has read it: '' when the address has none. */
export function useLinkToken(): string | null {
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => setToken(window.location.hash.slice(1)), []);
  return token;
}

/** A link that cannot be used: why, in words (focused, so it is read out), and the way on. */
export function LinkRefused({ message, next }: { message: string; next: { href: string; label: string } }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="mt-4 flex flex-col gap-4">
      <ErrorAlert>{message}</ErrorAlert>
      <a href={next.href} className={`${buttonClass} self-start`}>
        {next.label}
      </a>
    </div>
  );
}
