import { E2E_PORT } from './e2e-server';

/**
 * The loopback port of the SMTP server the end-to-end mail tests run: the served product's SMTP_URL
 * points at it (playwright.config.ts). scripts/e2e.ts picks a free one; run directly, it is the
 * product's port + 1.
 */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT || E2E_PORT + 1);
