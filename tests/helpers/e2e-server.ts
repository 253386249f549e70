import { copyDir, siteDir } from '../../scripts/lib/serve';

/** The port of the product the browser tests run against: scripts/e2e.ts picks a free one; run directly, 8899. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8899);

/** Where the tests find that product: E2E_BASE_URL points them at one already running. */
export const E2E_BASE_URL = process.env.E2E_BASE_URL ?? `http://localhost:${E2E_PORT}`;

/** The folder of that served copy (npm start serves each copy from a folder of its own), and its built pages. */
export const E2E_COPY_DIR = copyDir(E2E_PORT);
export const E2E_SITE_DIR = siteDir(E2E_PORT);
