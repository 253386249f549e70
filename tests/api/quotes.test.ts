import { describe, expect, it } from 'vitest';
import quotes from '../../netlify/functions/quotes-create';
import { QUOTE_RATE_LIMIT } from '../../netlify/lib/quotes';
import { holdTheClock } from '../helpers/clock';
import { apiRequest, call, SITE } from '../helpers/requests';
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

  it('refuses other methods, other bodies and cross-site posts', async () => {
    expect((await call(quotes, apiRequest('/api/quotes'))).status).toBe(405);
    const text = await call(
      quotes,
      apiRequest('/api/quotes', { method: 'POST', body: 'name=x', headers: { 'Content-Type': 'text/plain' } }),
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
    holdTheClock();
    const ip = '203.0.113.77';
    for (let i = 0; i < QUOTE_RATE_LIMIT.limit; i++) expect((await send(valid, { ip })).status).toBe(201);
    const limited = await send(valid, { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await send(valid, { ip: '203.0.113.78' })).status).toBe(201);
  });

  it('counts an IPv6 client by its /64 network: its other addresses share the limit, another network does not', async () => {
    holdTheClock();
    for (let i = 0; i < QUOTE_RATE_LIMIT.limit; i++) {
      expect((await send(valid, { ip: `2001:db8:0:b:${i.toString(16)}::1` })).status).toBe(201);
    }
    expect((await send(valid, { ip: '2001:db8:0:b:ffff::2' })).status).toBe(429);
    expect((await send(valid, { ip: '2001:db8:0:c::1' })).status).toBe(201);
  });
});

/** The home page's form posted by the browser itself (its script not run): urlencoded, from the site. */
const postForm = (
  fields: Record<string, string>,
  { ip = `198.51.100.${nextAddress++}`, origin = SITE, body }: { ip?: string; origin?: string; body?: string } = {},
) =>
  quotes(
    new Request(`${SITE}/api/quotes`, {
      method: 'POST',
      body: body ?? new URLSearchParams(fields).toString(),
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: origin,
        'x-nf-client-connection-ip': ip,
      },
    }),
    {} as never,
  );

describe('POST /api/quotes as a plain form (the page without its script)', () => {
  const form = { ...valid, origin: 'Lisbon, Portugal', destination: '', weight_kg: '12,5' };

  it('stores the request as JSON would and answers 303 to the thank-you page', async () => {
    const email = `form-${Date.now()}@example.com`;
    const response = await postForm({ ...form, email });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/quote-sent/');
    expect(await response.text()).toBe('');
    const rows = (
      await (
        await getDb()
      ).execute({
        sql: 'SELECT name, phone, service, origin, destination, weight_kg FROM quote_requests WHERE email = ?',
        args: [email],
      })
    ).rows;
    expect(rows.map((row) => ({ ...row }))).toEqual([
      {
        name: 'Ada Lovelace',
        phone: '+1 (916) 555-0199',
        service: 'Freight Forwarding',
        origin: 'Lisbon, Portugal',
        destination: null,
        weight_kg: 12.5,
      },
    ]);
  });

  it('answers a fault with an accessible HTML page naming each field, escaped, and stores nothing', async () => {
    const db = await getDb();
    const count = async () => Number((await db.execute('SELECT count(*) AS n FROM quote_requests')).rows[0]!.n);
    const before = await count();
    const response = await postForm({ name: ' ', email: '<b>@x', service: 'Teleportation' });
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    const page = await response.text();
    expect(page).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(page).toContain('<h1>Your quote request was not sent</h1>');
    expect(page).toContain('<li>Please enter your name</li>');
    expect(page).toContain('<li>Please enter a valid email address</li>');
    expect(page).toContain('<li>Please select a service</li>');
    expect(page).toContain('<a href="/#quote">');
    expect(page).not.toContain('<b>');
    expect(await count()).toBe(before);
  });

  it('refuses control characters as the JSON call does', async () => {
    const response = await postForm({ ...form, name: 'Ada\u0000Lovelace' });
    expect(response.status).toBe(422);
  });

  it('keeps the JSON limits: a body over 64 KB, a cross-site post, the rate limit', async () => {
    holdTheClock();
    const large = await postForm({}, { body: `name=${'a'.repeat(70 * 1024)}` });
    expect(large.status).toBe(413);
    expect(await large.text()).toContain('too large');

    const crossSite = await postForm(form, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get('content-type')).toBe('text/html; charset=utf-8');

    const ip = '203.0.113.90';
    for (let i = 0; i < QUOTE_RATE_LIMIT.limit; i++) expect((await postForm(form, { ip })).status).toBe(303);
    const limited = await postForm(form, { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.text()).toContain('<h1>Your quote request was not sent</h1>');
  });

  it('reads a field sent twice as its first value', async () => {
    const email = `twice-${Date.now()}@example.com`;
    const body = `${new URLSearchParams({ ...form, email })}&name=Someone+Else`;
    expect((await postForm({}, { body })).status).toBe(303);
    const rows = (
      await (await getDb()).execute({ sql: 'SELECT name FROM quote_requests WHERE email = ?', args: [email] })
    ).rows;
    expect(rows.map((row) => row.name)).toEqual(['Ada Lovelace']);
  });
});
