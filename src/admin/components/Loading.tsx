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
