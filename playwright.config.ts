import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium, wantsWindow } from './scripts/lib/chromium';
import { E2E_BASE_URL as baseURL, E2E_PORT as port } from './tests/helpers/e2e-server';
import { E2E_SMTP_PORT } from './tests/helpers/e2e-smtp';

// The served product and the tests share this database, so tests can read back what a page stored.
process.env.E2E_DATABASE_URL ??= `file:${resolve('.data/e2e.db')}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: true,
  // Three on two cores: a test waits on the served functions and the browser in turn, and two left a fifth of the
  // CPU idle in the headless shell.
  workers: 3,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    // Recording a trace costs about a fifth of the run's CPU, and CI keeps only its log: there the failure's
    // message and call log are the record. Locally a failed test keeps its trace (npx playwright show-trace).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: { executablePath: findChromium({ headless: !wantsWindow(process.argv) }), args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium' }],
  // E2E_BASE_URL points the tests at a server that is already running.
  ...(process.env.E2E_BASE_URL
    ? {}
    : {
        webServer: {
          // Like `npm start`, with free ports for netlify-cli's helper servers: it runs beside another copy.
          command: 'npx tsx scripts/start.ts',
          url: `${baseURL}/`,
          // start.ts says Ready once the functions share one SQLite library (scripts/lib/serve.ts).
          wait: { stdout: /^Ready on http/m },
          // A build on a busy two-core machine; waiting longer costs nothing when it is quiet.
          timeout: 420_000,
          reuseExistingServer: false,
          stdout: 'ignore',
          stderr: 'pipe',
          env: {
            PORT: String(port),
            DATABASE_URL: process.env.E2E_DATABASE_URL,
            // The product mails the tests' SMTP server (tests/e2e/integrations/mail.spec.ts listens on it).
            SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
          },
        },
      }),
});
