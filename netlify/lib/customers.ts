import type { Client } from '@libsql/client';
import { invalidInput } from './http';

export interface CustomerRecord {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
}

/** A customer by id (CUS-####, any case) or by exact name; a 422 on `customer` when there is none. */
export async function resolveCustomer(db: Client, reference: string): Promise<CustomerRecord> {
  const { rows } = await db.execute({
    sql: `SELECT id, name, email, phone FROM customers WHERE id = upper(?1) OR name = ?1
          ORDER BY id = upper(?1) DESC, id LIMIT 1`,
    args: [reference.trim()],
  });
  const row = rows[0];
  if (!row) throw invalidInput({ customer: ['Unknown customer'] });
  return {
    id: String(row.id),
    name: String(row.name),
    email: row.email === null ? null : String(row.email),
    phone: row.phone === null ? null : String(row.phone),
  };
}
