import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { mayOpen, useRole } from '../access';
import { $router, type RouteName } from '../router';
import { $sidebarOpen } from '../stores/ui';

/** The sidebar entries, one line each (a link is added with the screen behind it). */
const NAV: Array<{ label: string; href: string; routes: RouteName[] }> = [
  { label: 'Dashboard', href: '/admin', routes: ['dashboard'] },
  { label: 'Shipments', href: '/admin/shipments', routes: ['shipments', 'newShipment', 'viewShipment', 'imports'] },
  { label: 'Runs', href: '/admin/runs', routes: ['runs'] },
  { label: 'Pickups', href: '/admin/pickups', routes: ['pickups'] },
  { label: 'Exceptions', href: '/admin/exceptions', routes: ['exceptions'] },
  { label: 'Customers', href: '/admin/customers', routes: ['customers', 'customer'] },
  { label: 'Quotes', href: '/admin/quotes', routes: ['quotes'] },
  { label: 'Team', href: '/admin/team', routes: ['team'] },
  { label: 'Audit trail', href: '/admin/audit', routes: ['audit'] },
  { label: 'Settings', href: '/admin/settings', routes: ['settings', 'outbox'] },
];

export const SIDEBAR_ID = 'admin-sidebar';

export function Sidebar({ onExit }: { onExit: () => void }) {
  const page = useStore($router);
  const open = useStore($sidebarOpen);
  const role = useRole();
  // Only the screens the role may use; each entry's first route is its own screen.
  // biome-ignore lint/style/noNonNullAssertion: every entry names at least one route
  const entries = NAV.filter((item) => mayOpen(role, item.routes[0]!));
  const firstLink = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (open) firstLink.current?.focus();
  }, [open]);

  return (
    <nav
      id={SIDEBAR_ID}
      aria-label="Admin"
      className={`${open ? 'flex' : 'hidden'} fixed inset-y-0 left-0 top-14 z-30 w-64 flex-col border-r border-slate-200 bg-brand-900 text-white md:sticky md:top-14 md:flex md:h-[calc(100vh-3.5rem)] md:self-start`}
    >
      <ul className="flex flex-col gap-1 p-3">
        {entries.map((item, index) => {
          const current = page ? item.routes.includes(page.route) : false;
          return (
            <li key={item.href}>
              <a
                ref={index === 0 ? firstLink : undefined}
                href={item.href}
                aria-current={current ? 'page' : undefined}
                onClick={() => $sidebarOpen.set(false)}
                className={`block rounded-md px-3 py-2 text-sm font-medium ${current ? 'bg-white text-brand-900' : 'text-white hover:bg-brand-700'}`}
              >
                {item.label}
              </a>
            </li>
          );
        })}
      </ul>
      <div className="mt-auto border-t border-brand-700 p-3">
        <button
          type="button"
          onClick={onExit}
          className="w-full rounded-md px-3 py-2 text-left text-sm font-medium text-white hover:bg-brand-700"
        >
          Exit Admin
        </button>
      </div>
    </nav>
  );
}
