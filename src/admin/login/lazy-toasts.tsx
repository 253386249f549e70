import { type ComponentProps, lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import type { Toaster as SonnerToaster, toast as sonnerToast } from 'sonner';

type Show = (toast: typeof sonnerToast) => void;

// Toasts shown before the toaster has mounted wait here; the mounted toaster takes them.
const waiting: Show[] = [];
let mounted: ((show: Show) => void) | null = null;

let sonner: typeof import('sonner') | undefined;

/** The toaster, once the library is here; it takes the toasts that waited for it. */
function MountedToaster(props: ComponentProps<typeof SonnerToaster>) {
  // Children's effects run first: the toaster listens before the waiting toasts are shown.
  useEffect(() => {
    const show = sonner?.toast;
    if (!show) return;
    mounted = (pending) => pending(show);
    for (const pending of waiting.splice(0)) pending(show);
    return () => {
      mounted = null;
    };
  }, []);
  return sonner ? <sonner.Toaster {...props} /> : null;
}

/**
 * The toast library, fetched only when the first toast is due: the sign-in page shows one on a
 * failed or successful sign-in, so its 9 KB stay out of what the page loads before a person acts.
 */
const LazyToaster = lazy(async () => {
  sonner = await import('sonner');
  return { default: MountedToaster };
});

/** `notify` shows a toast (loading the library the first time); render `toaster` once on the page. */
export function useLazyToasts(props: ComponentProps<typeof SonnerToaster>): {
  notify: (show: Show) => void;
  toaster: ReactNode;
} {
  const [wanted, setWanted] = useState(false);
  const notify = useCallback((show: Show) => {
    setWanted(true);
    if (mounted) mounted(show);
    else waiting.push(show);
  }, []);
  const toaster = wanted ? (
    <Suspense fallback={null}>
      <LazyToaster {...props} />
    </Suspense>
  ) : null;
  return { notify, toaster };
}
