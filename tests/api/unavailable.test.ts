import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import login from '../../netlify/functions/auth-login';
import trackings from '../../netlify/functions/shipments-list';
import tracking from '../../netlify/functions/tracking-lookup';
import { closeDb } from '../../netlify/lib/db';
import { apiRequest, call } from '../helpers/requests';

// A database that cannot be reached: nothing listens on port 9 of the loopback.
let previous: string | undefined;
beforeAll(async () => {
  previous = process.env.DATABASE_URL;
  process.env.DATABASE_URL = 'http://127.0.0.1:9';
  await closeDb();
});
afterAll(async () => {
  await closeDb();
  if (previous === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = previous;
});

describe('an unreachable database', () => {
  it('answers 503 JSON with a plain message, logs the cause, and leaks nothing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const answers = [
        await call(tracking, apiRequest('/api/tracking/NEC123456789'), { trackingNumber: 'NEC123456789' }),
        await call(trackings, apiRequest('/api/trackings', { headers: { Cookie: '__Host-session=abc' } })),
        await call(login, apiRequest('/api/admin/login', { json: { email: 'a@b.example', password: 'x' } })),
      ];
      const message = 'The service is temporarily unavailable. Please try again shortly.';
      expect(answers[0]).toMatchObject({ status: 503, body: { status: false, error: message } });
      expect(answers[1]).toMatchObject({ status: 503, body: { status: 'error', message } });
      expect(answers[2]).toMatchObject({ status: 503, body: { status: 'error', message } });
      for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(logged).toHaveBeenCalledTimes(3);
      expect(String(logged.mock.calls[0]!.join(' '))).toMatch(/DATABASE_URL/);
    } finally {
      logged.mockRestore();
    }
  });
});
