import type { ReactNode } from 'react';
import type { Loadable } from '../stores/load';
import { ErrorAlert } from './Field';

/** What a screen, or the app, says while its data or code loads. */
export function Loading({ label = 'Loading...' }: { label?: string }) {
  return (
    <p role="status" className="text-slate-700">
      {label}
    </p>
  );
}

/** A store's data once loaded: "Loading..." until then, or what went wrong. */
export function Loaded<T>({ state, children }: { state: Loadable<T>; children: (data: T) => ReactNode }) {
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error') return <ErrorAlert>{state.message}</ErrorAlert>;
  return children(state.data);
}

/** A record's screen when the record could not be loaded: what went wrong, and the way back to its list. */
export function LoadFailed({
  title,
  message,
  back,
}: {
  title: string;
  message: string;
  back: { href: string; label: string };
}) {
  return (
    <section>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <ErrorAlert className="mt-4">{message}</ErrorAlert>
      <a href={back.href} className="mt-4 inline-block font-semibold text-brand-700 underline">
        {back.label}
      </a>
    </section>
  );
}
