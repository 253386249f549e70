import { expect } from 'vitest';
import quotes from '../../netlify/functions/quotes-create';
import { apiRequest, call } from './requests';

/** The email a test's person named `name` writes from. */
export const emailOf = (name: string) => `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;

/** A quote request sent through the home page's form by `name` (from `emailOf(name)`), from an address of its own; its id. */
export async function requestQuote(name: string): Promise<number> {
  const { status, body } = await call(
    quotes,
    apiRequest('/api/quotes', {
      json: { name, email: emailOf(name), service: 'Heavy Freight' },
      headers: { 'x-nf-client-connection-ip': `198.51.100.${Math.floor(Math.random() * 250)}` },
    }),
  );
  expect(status).toBe(201);
  return body.data.id;
}
