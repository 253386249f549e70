import type { Client } from '@libsql/client';
import { type QuoteRecord, type QuoteRequest, quoteRecordSchema } from '@/lib/schemas/quote';
import { decodeRow } from './rows';

/** Quote requests one client address may send per window: generous for people, tight for scripts. */
export const QUOTE_RATE_LIMIT = { limit: 10, windowSeconds: 600 } as const;

/** Stores a validated quote request and returns it as saved. */
export async function createQuoteRequest(db: Client, quote: QuoteRequest): Promise<QuoteRecord> {
  const result = await db.execute({
    sql: `INSERT INTO quote_requests (name, email, phone, service) VALUES (?, ?, ?, ?)
          RETURNING id, name, email, phone, service, status, created_at`,
    args: [quote.name, quote.email, quote.phone, quote.service],
  });
  return decodeRow(quoteRecordSchema, result.rows[0]!);
}
