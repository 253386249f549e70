import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { useTestDatabase } from '../helpers/test-db';

useTestDatabase({ seed: true });
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

/** Runs `npm run notify:daily` / `mail:deliver` as a person would (the scripts behind them). */
function run(command: 'daily' | 'deliver', env: Record<string, string>) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/mail.ts', command], {
      env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL!, SITE_URL: 'https://nec.example', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (status) => resolve({ status, stdout: stdout.trim(), stderr: stderr.trim() }));
  });
}

describe('npm run notify:daily', () => {
  it("queues and sends yesterday's summary once, however often it runs", async () => {
    const first = await run('daily', { SMTP_URL: smtp.url });
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/^Daily summary for \d{4}-\d{2}-\d{2} queued\.\nDelivered through SMTP_URL: 1 sent/);
    const [summary] = await smtp.waitFor(1);
    expect(summary!.to).toEqual(['support@nec-cargo.example']);
    expect(summary!.mail.subject).toMatch(/^Daily summary for /);
    expect(summary!.mail.text).toContain('Shipments created');
    expect(summary!.mail.html).toContain('Exceptions: on hold');

    const second = await run('daily', { SMTP_URL: smtp.url });
    expect(second.stdout).toMatch(/was already queued\.\nDelivered through SMTP_URL: 0 sent/);
    expect(smtp.received).toHaveLength(1);
  });

  it('names SMTP_URL in one line when it is malformed', async () => {
    const { status, stderr } = await run('deliver', { SMTP_URL: 'http://mail.example' });
    expect(status).toBe(1);
    expect(stderr).toBe('Invalid environment variable SMTP_URL: must look like smtp://user:pass@host:587');
  });
});
