import { useEffect, useId, useState } from 'react';
import type { NavLink } from '@/data/navigation';

/** How far the page scrolls, in px, before the bar turns solid. */
const SCROLL_THRESHOLD = 20;

interface Props {
  brand: string;
  links: readonly NavLink[];
  currentPath: string;
}

export function isCurrent(href: string, path: string): boolean {
  const clean = path.replace(/\/+$/, '') || '/';
  return href === '/' ? clean === '/' : clean === href || clean.startsWith(`${href}/`);
}

/** The fixed site navigation: solid after scrolling, collapsible on small screens. */
export default function Navbar({ brand, links, currentPath }: Props) {
  const [scrolled, setScrolled] = useState(false);
  const [open, setOpen] = useState(false);
  const menuId = useId();

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > SCROLL_THRESHOLD);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const solid = scrolled || open;
  return (
    <header
      data-scrolled={scrolled ? 'true' : 'false'}
      className={`fixed inset-x-0 top-0 z-40 transition-colors duration-200 ${
        solid ? 'bg-white shadow-md' : 'bg-white/90'
      }`}
    >
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <a href="/" className="flex items-center gap-2 text-lg font-bold text-brand-900">
          {/* The logo drawn in place (the site icon's shapes): no request on the way to the first paint. */}
          <svg aria-hidden="true" width="32" height="32" viewBox="0 0 64 64">
            <rect width="64" height="64" rx="14" fill="#1e40af" />
            <path d="M14 40V22h8l10 12V22h6v18h-8L20 28v12z" fill="#fff" />
            <path d="M40 22h12v5h-7v3h6v5h-6v5h-5z" fill="#f97316" />
          </svg>
          {brand}
        </a>
        <button
          type="button"
          data-nav-toggle
          className="inline-flex h-11 w-11 items-center justify-center rounded-md text-brand-900 hover:bg-brand-50 md:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((value) => !value)}
        >
          <svg
            aria-hidden="true"
            width="24"
            height="24"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
        <ul
          id={menuId}
          data-nav-menu
          className={`${open ? 'flex' : 'hidden'} absolute inset-x-0 top-16 flex-col gap-1 border-t border-slate-200 bg-white p-4 shadow-md md:static md:flex md:flex-row md:gap-2 md:border-0 md:bg-transparent md:p-0 md:shadow-none`}
        >
          {links.map((link) => {
            const current = isCurrent(link.href, currentPath);
            return (
              <li key={link.href}>
                <a
                  href={link.href}
                  aria-current={current ? 'page' : undefined}
                  onClick={() => setOpen(false)}
                  className={`block rounded-md px-3 py-2 font-medium ${
                    current ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-brand-50 hover:text-brand-700'
                  }`}
                >
                  {link.label}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
    </header>
  );
}
