import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useRef } from 'react';
import { $session, signOut } from '../stores/session';
import { $sidebarOpen } from '../stores/ui';
import { SIDEBAR_ID, Sidebar } from './Sidebar';

/** The admin frame: top bar, sidebar (a menu button toggles it on small screens) and the screen. */
export function Layout({ children }: { children: ReactNode }) {
  const open = useStore($sidebarOpen);
  const session = useStore($session);
  const menuButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        $sidebarOpen.set(false);
        menuButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className="min-h-screen bg-slate-50">
      <a
        href="#admin-main"
        target="_self"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 flex h-14 items-center gap-3 border-b border-slate-200 bg-white px-4">
        <button
          ref={menuButton}
          type="button"
          className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 md:hidden"
          aria-expanded={open}
          aria-controls={SIDEBAR_ID}
          onClick={() => $sidebarOpen.set(!open)}
        >
          Menu
        </button>
        <p className="font-bold text-brand-900">NEC Admin</p>
        <div className="ml-auto flex items-center gap-4 text-sm">
          {session.status === 'signed-in' ? (
            <span className="hidden text-slate-700 sm:inline">{session.user.email}</span>
          ) : null}
          <a href="/" target="_self" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            Back to Website
          </a>
        </div>
      </header>
      <div className="md:flex">
        <Sidebar onExit={() => void signOut()} />
        <main id="admin-main" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none md:p-8">
          {children}
        </main>
      </div>
    </div>
  );
}
