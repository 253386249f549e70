import type { Client } from '@libsql/client';
import type { CustomerCreateInput, CustomerPatchInput } from '@/lib/schemas/customer';
import { customerContactSchema } from './customer-read';
import { HttpError } from './http';
import type { Filter } from './keyset';
import { decodeFirst } from './rows';

/** Whether a new customer is one staff already have: flagged with the existing one's id, never merged. */

/** A phone's digits in SQL, as the duplicate index of migration 017 stores them. */
const PHONE_DIGITS = `replace(replace(replace(replace(replace(replace(phone, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '')`;

/**
 * The customers a new one would duplicate: the same email (any case), or the same name (any case) and
 * phone digits. Null when the new one has neither an email nor a phone.
 */
export function duplicateOf(input: Pick<CustomerCreateInput, 'name' | 'email' | 'phone'>): Filter | null {
  const matches: Filter[] = [];
  if (input.email) matches.push({ sql: 'email IS NOT NULL AND lower(email) = lower(?)', args: [input.email] });
  if (input.phone) {
    matches.push({
      sql: `phone IS NOT NULL AND lower(name) = lower(?) AND ${PHONE_DIGITS} = ?`,
      args: [input.name, input.phone.replace(/\D/g, '')],
    });
  }
  if (!matches.length) return null;
  return { sql: matches.map((match) => `(${match.sql})`).join(' OR '), args: matches.flatMap((match) => match.args) };
}

/** The 409 for a duplicate (of a new customer, or of an edit's new values): the field it shares, named, with the existing customer's id to link to. */
export async function duplicateError(
  db: Client,
  input: { email?: string | null | undefined },
  duplicate: Filter,
): Promise<HttpError | null> {
  const { rows } = await db.execute({
    sql: `SELECT id, name, email, phone FROM customers WHERE ${duplicate.sql} ORDER BY number LIMIT 1`,
    args: duplicate.args,
  });
  const existing = decodeFirst(customerContactSchema, rows);
  if (!existing) return null;
  const sameEmail = Boolean(input.email && existing.email?.toLowerCase() === input.email.toLowerCase());
  const said = `${existing.id} (${existing.name})`;
  const errors = sameEmail
    ? { email: [`${said} already has this email`] }
    : { name: [`${said} already has this name and phone`], phone: [`${said} already has this name and phone`] };
  return new HttpError(
    409,
    `This customer may already exist: ${said} has the same ${sameEmail ? 'email' : 'name and phone'}.`,
    { errors, duplicateOf: existing.id },
  );
}

/**
 * An edit's new email, or new name and phone, that another customer has, as on creation (only what changed is
 * compared; `allow_duplicate` skips it): the values compared, and the other customers they would match.
 */
export function editDuplicate(
  current: { id: string; name: string; phone: string | null },
  patch: CustomerPatchInput,
  changed: readonly string[],
): { after: { name: string; email?: string | null | undefined; phone: string | null }; other: Filter | null } {
  const namePhone = changed.includes('name') || changed.includes('phone');
  const after = {
    name: patch.name ?? current.name,
    email: changed.includes('email') ? patch.email : null,
    phone: namePhone ? (patch.phone === undefined ? current.phone : patch.phone) : null,
  };
  const shared = patch.allow_duplicate ? null : duplicateOf(after);
  return { after, other: shared ? { sql: `(${shared.sql}) AND id <> ?`, args: [...shared.args, current.id] } : null };
}
