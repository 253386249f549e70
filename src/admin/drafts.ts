/**
 * What a person had typed when their session ended. The forms that opt in register a reader while they
 * are on screen; leaving for the sign-in page writes each form's changed values to this tab's session
 * storage under the page's path, and the same form takes them back when it mounts there again.
 * Secrets (passwords, codes) are never kept: only forms without them opt in.
 */

const PREFIX = 'admin-draft:';

type Reader = () => Record<string, unknown> | null;

const onScreen = new Map<string, Reader>();

const storageKey = (name: string) => `${PREFIX}${window.location.pathname}:${name}`;

/** Registers a form's reader (null when nothing was changed); returns the unregistration. */
export function keepDraft(name: string, read: Reader): () => void {
  onScreen.set(name, read);
  return () => {
    if (onScreen.get(name) === read) onScreen.delete(name);
  };
}

/** Writes every changed form on screen to session storage, before the page leaves for the sign-in page. */
export function saveDrafts(): void {
  for (const [name, read] of onScreen) {
    const values = read();
    if (!values) continue;
    try {
      sessionStorage.setItem(storageKey(name), JSON.stringify(values));
    } catch {
      // Without storage (or over its quota) the typed input is lost, as it was before drafts.
    }
  }
}

/** Whether a draft of this form waits on this page (a screen opens the form's dialog for it). */
export function hasDraft(name: string): boolean {
  try {
    return sessionStorage.getItem(storageKey(name)) !== null;
  } catch {
    return false;
  }
}

/** The draft of this form on this page, removed as it is read. */
export function takeDraft(name: string): Record<string, unknown> | null {
  try {
    const key = storageKey(name);
    const raw = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    const values: unknown = raw === null ? null : JSON.parse(raw);
    return values && typeof values === 'object' && !Array.isArray(values)
      ? Object.fromEntries(Object.entries(values))
      : null;
  } catch {
    return null;
  }
}
