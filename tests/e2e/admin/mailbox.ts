import { expect } from '@playwright/test';
import type { OutboxMessage } from '../../../src/lib/schemas/outbox';
import { openE2eDatabase } from '../../helpers/e2e-db';

/**
 * The link in the newest email of this kind to this address, as the recipient's mailbox has it: the text the
 * product rendered for it. The Outbox page leaves a link with a token out whenever a mail server is configured,
 * as the served product's is (the mail tests' SMTP server).
 */
export async function mailedLink(email: string, kind: OutboxMessage['kind'], page: string): Promise<URL> {
  const db = openE2eDatabase();
  try {
    const link = new RegExp(`https?://\\S+${page}#[\\w-]+`);
    let text = '';
    await expect
      .poll(
        async () => {
          const { rows } = await db.execute({
            sql: 'SELECT text_body FROM outbox WHERE recipient = ? AND kind = ? ORDER BY id DESC LIMIT 1',
            args: [email, kind],
          });
          text = String(rows[0]?.text_body ?? '');
          return text;
        },
        { timeout: 90_000 },
      )
      .toMatch(link);
    return new URL(link.exec(text)![0]);
  } finally {
    db.close();
  }
}
