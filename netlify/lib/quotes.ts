import type { Client } from '@libsql/client';
import type { QuoteRequest } from '@/lib/schemas/quote';

/** Quote requests one client address may send per window: generous for people, tight for scripts. */
export const QUOTE_RATE_LIMIT = { limit: 10, windowSeconds: 600 } as const;

export interface StoredQuoteRequest extends QuoteRequest {
  id: number;
  status: string;
  created_at: string;
}

/** Stores a validated quote request and returns it as saved. */
export async function createQuoteRequest(db: Client, quote: QuoteRequest): Promise<StoredQuoteRequest> {
  const result = await db.execute({
    sql: `INSERT INTO quote_requests (name, email, phone, service) VALUES (?, ?, ?, ?)
          RETURNING id, name, email, phone, service, status, created_at`,
    args: [quote.name, quote.email, quote.phone, quote.service],
  });
  const row = result.rows[0]!;
  return {
    id: Number(row.id),
    name: String(row.name),
    email: String(row.email),
    phone: String(row.phone),
    service: String(row.service) as QuoteRequest['service'],
    status: String(row.status),
    created_at: String(row.created_at),
  };
}
