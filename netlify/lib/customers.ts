import type { Client, InStatement } from '@libsql/client';
import { z } from 'zod';
import { invalidInput } from './http';
import { decodeFirst } from './rows';

/** What a shipment takes from its customer. */
const customerContactSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type CustomerContact = z.infer<typeof customerContactSchema>;

/** A customer by id (CUS-####, any case) or by exact name; a 422 on `customer` when there is none. */
export async function resolveCustomer(db: Client, reference: string): Promise<CustomerContact> {
  const { rows } = await db.execute({
    sql: `SELECT id, name, email, phone FROM customers WHERE id = upper(?1) OR name = ?1
          ORDER BY id = upper(?1) DESC, id LIMIT 1`,
    args: [reference.trim()],
  });
  const customer = decodeFirst(customerContactSchema, rows);
  if (!customer) throw invalidInput({ customer: ['Unknown customer'] });
  return customer;
}

export interface SeedCustomer {
  id: string;
  name: string;
  contact: string;
  email: string;
  phone: string;
  status: 'active' | 'inactive';
}

/** Adds a demo customer unless its id exists (the seed: running it again changes nothing). */
export function seedCustomerStatement(customer: SeedCustomer): InStatement {
  return {
    sql: `INSERT INTO customers (id, name, contact, email, phone, status) VALUES (?, ?, ?, ?, ?, ?)
          ON CONFLICT (id) DO NOTHING`,
    args: [customer.id, customer.name, customer.contact, customer.email, customer.phone, customer.status],
  };
}
