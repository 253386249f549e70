import { describe, expect, it } from 'vitest';
import quotes from '../../netlify/functions/quotes';
import { QUOTE_RATE_LIMIT } from '../../netlify/lib/quotes';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase();

let nextAddress = 1;
/** Each test posts from its own client address, so rate limits never leak between tests. */
const send = (body: unknown, { ip = `198.51.100.${nextAddress++}`, ...init }: RequestInit & { ip?: string } = {}) =>
  call(
    quotes,
    apiRequest('/api/quotes', { json: body, ...init, headers: { 'x-nf-client-connection-ip': ip, ...init.headers } }),
  );

const valid = {
  name: '  Ada Lovelace ',
  email: 'ada@example.com',
  phone: '+1 (916) 555-0199',
  service: 'Freight Forwarding',
};

describe('POST /api/quotes', () => {
  it('stores a valid request (trimmed) and answers 201', async () => {
    const { status, body } = await send(valid);
    expect(status).toBe(201);
    expect(body.status).toBe('success');
    const db = await getDb();
    const rows = (await db.execute({ sql: 'SELECT * FROM quote_requests WHERE id = ?', args: [body.data.id] })).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+1 (916) 555-0199',
      service: 'Freight Forwarding',
      status: 'new',
    });
  });

  it('accepts a request without a phone number', async () => {
    const { status } = await send({ name: 'Grace Hopper', email: 'grace@example.com', service: 'Warehousing' });
    expect(status).toBe(201);
  });

  it('answers 422 naming each invalid field and stores nothing', async () => {
    const db = await getDb();
    const before = Number((await db.execute('SELECT count(*) AS n FROM quote_requests')).rows[0]!.n);
    const { status, body } = await send({
      name: ' ',
      email: 'not-an-email',
      phone: 'call me',
      service: 'Teleportation',
    });
    expect(status).toBe(422);
    expect(body.status).toBe('error');
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'name', 'phone', 'service']);
    expect(body.errors.email).toContain('Please enter a valid email address');
    expect(body.errors.service).toContain('Please select a service');
    const after = Number((await db.execute('SELECT count(*) AS n FROM quote_requests')).rows[0]!.n);
    expect(after).toBe(before);
  });

  it('rejects a phone number with too few digits', async () => {
    const { status, body } = await send({ ...valid, phone: '12-34' });
    expect(status).toBe(422);
    expect(Object.keys(body.errors)).toEqual(['phone']);
  });

  it('refuses other methods, non-JSON bodies and cross-site posts', async () => {
    expect((await call(quotes, apiRequest('/api/quotes'))).status).toBe(405);
    const text = await call(
      quotes,
      apiRequest('/api/quotes', {
        method: 'POST',
        body: 'name=x',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      }),
    );
    expect(text.status).toBe(415);
    const crossSite = await call(
      quotes,
      new Request('http://localhost:8888/api/quotes', {
        method: 'POST',
        body: JSON.stringify(valid),
        headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      }),
    );
    expect(crossSite.status).toBe(403);
  });

  it('limits requests per client address with 429 and Retry-After', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < QUOTE_RATE_LIMIT.limit; i++) expect((await send(valid, { ip })).status).toBe(201);
    const limited = await send(valid, { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await send(valid, { ip: '203.0.113.78' })).status).toBe(201);
  });
});
