import { expect, type Page } from '@playwright/test';

/** Every public page with a heading it must show. */
export const PUBLIC_PAGES = [
  { path: '/', heading: /Cargo and courier services to/ },
  { path: '/about', heading: /^About / },
  { path: '/services', heading: 'Our Services' },
  { path: '/track', heading: 'Track Your Shipment' },
  { path: '/contact', heading: 'Contact Us' },
  { path: '/faq', heading: 'Frequently Asked Questions' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/pickup', heading: 'Schedule a pickup' },
] as const;

/** Waits until the named React island has hydrated (Astro removes `ssr` when it has). */
export async function hydrated(
  page: Page,
  component: 'Navbar' | 'QuoteForm' | 'TrackingWidget' | 'LoginForm',
): Promise<void> {
  await expect(page.locator(`astro-island[component-url*="${component}"]:not([ssr])`)).toHaveCount(1);
}

/** Collects console errors and uncaught exceptions of a page. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export const MOBILE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;
