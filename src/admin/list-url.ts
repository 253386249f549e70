import { useStore } from '@nanostores/react';
import { openPage, redirectPage } from '@nanostores/router';
import { useEffect, useRef, useState } from 'react';
import { $router } from './router';

/** The list screens whose search, filters and page live in the URL (Back returns to them; links share them). */
export type ListRoute = 'shipments' | 'customers' | 'quotes' | 'audit';

/** The current URL's query parameters. */
export function useSearchParams(): Record<string, string> {
  return useStore($router)?.search ?? {};
}

/**
 * Shows a list with these parameters (empty ones dropped). A new page or filter is a new history
 * entry; `replace` updates the current one (typing in the search box).
 */
export function goToList(route: ListRoute, params: Record<string, string | undefined>, { replace = false } = {}) {
  const search: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) if (value) search[key] = value;
  if (replace) redirectPage($router, route, {}, search);
  else openPage($router, route, {}, search);
}

const SEARCH_DELAY_MS = 300;

/**
 * A search box bound to the URL's `q`: what is typed is committed once typing pauses, and a `q`
 * that changes from outside (Back, a link) replaces what the box shows.
 */
export function useSearchBox(urlValue: string, commit: (value: string) => void): [string, (value: string) => void] {
  const [text, setText] = useState(urlValue);
  const committed = useRef(urlValue);
  const latestCommit = useRef(commit);
  latestCommit.current = commit;

  useEffect(() => {
    if (urlValue === committed.current) return;
    committed.current = urlValue;
    setText(urlValue);
  }, [urlValue]);

  useEffect(() => {
    if (text === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = text;
      latestCommit.current(text);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return [text, setText];
}
