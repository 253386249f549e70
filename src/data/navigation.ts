export interface NavLink {
  href: string;
  label: string;
}

/** The navbar's links, in order. */
export const mainNav: readonly NavLink[] = [
  { href: '/', label: 'Home' },
  { href: '/about', label: 'About' },
  { href: '/services', label: 'Services' },
  { href: '/track', label: 'Track' },
  { href: '/contact', label: 'Contact' },
];

/** The footer's extra links. */
export const legalNav: readonly NavLink[] = [
  { href: '/faq', label: 'FAQ' },
  { href: '/terms', label: 'Terms of Service' },
  { href: '/privacy', label: 'Privacy Policy' },
];

/** The pickup form, linked from the services and contact pages. */
export const pickupLink: NavLink = { href: '/pickup', label: 'Schedule a pickup' };

/** Every public page, for the sitemap. */
export const publicPaths: readonly string[] = [...mainNav, ...legalNav, pickupLink].map((link) => link.href);

/** The canonical form of a page path: the built file is `<path>/index.html`, so a trailing slash. */
export function canonicalPath(path: string): string {
  return path.endsWith('/') ? path : `${path}/`;
}
