import type { Client, InStatement, InValue, ResultSet } from '@libsql/client';
import { z } from 'zod';
import type { Customer, CustomerCreateInput, CustomerDetail, CustomerPatchInput } from '@/lib/schemas/customer';
import { type StaffUser, subjectActivity } from './activity';
import { duplicateError, duplicateOf, editDuplicate } from './customer-duplicates';
import { type CustomerContact, customerContactSchema, detailFrom, notFound, selectDetail } from './customer-read';
import { HttpError, invalidInput } from './http';
import type { Filter } from './keyset';
import { customerCreatedMail } from './outbox';
import { decodeFirst, decodeRows } from './rows';

/**
 * The read that finds a customer by id (CUS-####, any case) or by exact name, for a caller's own batch;
 * `customerByReference` reads its answer. Erased customers are never picked.
 */
export function customerReferenceStatement(reference: string): InStatement {
  return {
    sql: `SELECT id, name, email, phone FROM customers WHERE (id = upper(?1) OR name = ?1) AND erased_at IS NULL
          ORDER BY id = upper(?1) DESC, number LIMIT 3`,
    args: [reference.trim()],
  };
}

/**
 * The customer a `customerReferenceStatement` found; a 422 on `customer` when there is none, and when two
 * or more share the name (staff choose one from the list, never the server).
 */
export function customerByReference({ rows }: ResultSet, reference: string): CustomerContact {
  const [customer, ...others] = decodeRows(customerContactSchema, rows);
  if (!customer) throw invalidInput({ customer: ['Unknown customer'] });
  if (others.length && customer.id !== reference.trim().toUpperCase()) {
    const ids = [customer, ...others].map((match) => match.id).join(', ');
    throw invalidInput({
      customer: [`More than one customer is named ${customer.name} (${ids}): choose one from the list`],
    });
  }
  return customer;
}

/** Whether a customer with this id exists and was not erased, for a caller's own batch (see `knownCustomer`). */
export function customerIdStatement(id: string): InStatement {
  return { sql: 'SELECT 1 FROM customers WHERE id = ? AND erased_at IS NULL', args: [id] };
}

/** A 422 on `field` unless the `customerIdStatement` found the customer. */
export function knownCustomer({ rows }: ResultSet, field: string): void {
  if (!rows.length) throw invalidInput({ [field]: ['Unknown customer'] });
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

// ---- Staff calls: the list, one customer, creating and changing.

const CUSTOMER_ERASED = 'This customer was erased on request; their record cannot be changed.';

/** The columns staff edit, with the words the activity log uses for them. */
const FIELD_LABELS = {
  name: 'name',
  contact: 'contact',
  email: 'email',
  phone: 'phone',
  address: 'address',
} as const satisfies Partial<Record<keyof Customer, string>>;
type EditableField = keyof typeof FIELD_LABELS;
const EDITABLE = Object.keys(FIELD_LABELS) as EditableField[];

const QUOTE_HAS_CUSTOMER = 'This quote request already has a customer.';

/** A quote request's link to its customer, or null when there is no such request. */
async function quoteLink(db: Client, quoteId: number) {
  const { rows } = await db.execute({ sql: 'SELECT customer_id FROM quote_requests WHERE id = ?', args: [quoteId] });
  return decodeFirst(z.object({ customer_id: z.string().nullable() }), rows);
}

/** The newest customer: inside the write transaction that just inserted one, that one. */
const NEWEST = 'c.number = (SELECT max(number) FROM customers)';

/**
 * Creates a customer with the next free id (max + 1, read inside the write transaction, so
 * concurrent creations never collide), its activity entry and, when it comes from a quote request,
 * the request's link to it: one transaction. A request that already has a customer is a 409. So is a
 * duplicate (checked by the insert itself, so twenty at once create one), unless `allow_duplicate`.
 */
export async function createCustomer(
  db: Client,
  input: CustomerCreateInput,
  actor: StaffUser,
  now = new Date(),
): Promise<CustomerDetail> {
  const time = now.toISOString();
  const quoteId = input.quote_request_id;
  if (quoteId !== undefined) {
    const quote = await quoteLink(db, quoteId);
    if (!quote) throw invalidInput({ quote_request_id: ['Unknown quote request'] });
    if (quote.customer_id) throw new HttpError(409, QUOTE_HAS_CUSTOMER);
  }
  // With a quote request, nothing is inserted if the request was given a customer meanwhile; the
  // statements after the insert then change nothing either (the activity entry checks changes()).
  const unlinked =
    quoteId === undefined
      ? { sql: '1', args: [] }
      : { sql: 'NOT EXISTS (SELECT 1 FROM quote_requests WHERE id = ? AND customer_id IS NOT NULL)', args: [quoteId] };
  const duplicate = input.allow_duplicate ? null : duplicateOf(input);
  const unique = duplicate
    ? { sql: `NOT EXISTS (SELECT 1 FROM customers WHERE ${duplicate.sql})`, args: duplicate.args }
    : { sql: '1', args: [] };
  const newest: Filter = { sql: `SELECT c.id FROM customers c WHERE ${NEWEST}`, args: [] };
  const results = await db.batch(
    [
      {
        sql: `INSERT INTO customers (id, name, contact, email, phone, address, status, created_at, updated_at)
              SELECT next.id, ?, ?, ?, ?, ?, ?, ?, ?
              FROM (SELECT printf('CUS-%04d', coalesce(max(number), 1000) + 1) AS id FROM customers) AS next
              WHERE ${unlinked.sql} AND ${unique.sql}`,
        args: [
          input.name,
          input.contact ?? null,
          input.email ?? null,
          input.phone ?? null,
          input.address ?? null,
          input.status,
          time,
          time,
          ...unlinked.args,
          ...unique.args,
        ],
      },
      subjectActivity(
        actor,
        'customer_created',
        { type: 'customer', idSql: newest.sql, args: newest.args },
        quoteId === undefined ? `Created ${input.name}` : `Created ${input.name} from quote request #${quoteId}`,
        time,
        { onlyIfChanged: true },
      ),
      ...(quoteId === undefined
        ? []
        : [
            {
              // Only to a customer this batch created (none when the insert was refused).
              sql: `UPDATE quote_requests SET customer_id = (${newest.sql}), updated_at = ?
                    WHERE id = ? AND customer_id IS NULL
                      AND (SELECT c.created_at FROM customers c WHERE ${NEWEST}) = ?`,
              args: [time, quoteId, time],
            },
          ]),
      // "New Customer Registration": only about a customer this batch created (one created at `time`).
      ...customerCreatedMail({ idSql: newest.sql, args: newest.args }, time),
      ...selectDetail(NEWEST, []),
    ],
    'write',
  );
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  if (results[0]!.rowsAffected === 0) {
    // A request linked meanwhile says so first: that is what refused the insert, whatever else did.
    const linked = quoteId !== undefined && Boolean((await quoteLink(db, quoteId))?.customer_id);
    throw (
      (!linked && duplicate && (await duplicateError(db, input, duplicate))) || new HttpError(409, QUOTE_HAS_CUSTOMER)
    );
  }
  const created = detailFrom(results);
  if (!created) throw new Error('The new customer was not read back after its insert');
  return created;
}

/**
 * Changes the fields given of the customer `customerReads` found (404 when none); a status change is a
 * deactivation or reactivation. Nothing is written when nothing changes. The update, its activity
 * entries and the read-back are one transaction.
 */
export async function updateCustomer(
  db: Client,
  current: CustomerDetail | null,
  patch: CustomerPatchInput,
  actor: StaffUser,
  now = new Date(),
): Promise<CustomerDetail> {
  if (!current) throw notFound();
  const { id } = current;
  if (current.erased_at) throw new HttpError(409, CUSTOMER_ERASED);
  const changed = EDITABLE.filter((field) => patch[field] !== undefined && patch[field] !== current[field]);
  const newStatus = patch.status !== undefined && patch.status !== current.status ? patch.status : undefined;
  if (!changed.length && !newStatus) return current;

  const time = now.toISOString();
  const columns: Array<[string, InValue]> = changed.map((field) => [field, patch[field] ?? null]);
  // Checked by the update itself, so two edits at once cannot both take another customer's email.
  const { after, other } = editDuplicate(current, patch, changed);
  if (newStatus) columns.push(['status', newStatus]);
  const name = patch.name ?? current.name;
  const subject = { type: 'customer' as const, id };
  const results = await db.batch(
    [
      {
        sql: `UPDATE customers SET ${columns.map(([column]) => `${column} = ?`).join(', ')}, updated_at = ?
              WHERE id = ?${other ? ` AND NOT EXISTS (SELECT 1 FROM customers WHERE ${other.sql})` : ''}`,
        args: [...columns.map(([, value]) => value), time, id, ...(other?.args ?? [])],
      },
      ...(changed.length
        ? [
            subjectActivity(
              actor,
              'customer_updated',
              subject,
              `Edited ${changed.map((field) => FIELD_LABELS[field]).join(', ')}`,
              time,
              { onlyIfChanged: true },
            ),
          ]
        : []),
      ...(newStatus
        ? [
            subjectActivity(
              actor,
              newStatus === 'inactive' ? 'customer_deactivated' : 'customer_reactivated',
              subject,
              `${name} is now ${newStatus}`,
              time,
              { onlyIfChanged: true },
            ),
          ]
        : []),
      ...selectDetail('c.id = ?', [id]),
    ],
    'write',
  );
  const updated = detailFrom(results);
  if (!updated) throw notFound();
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  if (results[0]!.rowsAffected === 0) {
    throw (other && (await duplicateError(db, after, other))) || notFound();
  }
  return updated;
}

/**
 * The erasure's statements for the customer itself, last in its batch (every other statement checks
 * that the customer is not yet erased): the name replaced, contact details removed, deactivated, and
 * the erasure noted in the activity log once, by the batch that erased it. Then the customer read back.
 */
export function eraseCustomerStatements(id: string, erasedName: string, actor: StaffUser, time: string): InStatement[] {
  return [
    {
      sql: `UPDATE customers SET name = ?, contact = NULL, email = NULL, phone = NULL, address = NULL,
              status = 'inactive', erased_at = ?, updated_at = ?
            WHERE id = ? AND erased_at IS NULL`,
      args: [erasedName, time, time, id],
    },
    subjectActivity(
      actor,
      'customer_erased',
      { type: 'customer', id },
      'Personal data erased on request; shipments kept',
      time,
      { onlyIfChanged: true },
    ),
    ...selectDetail('c.id = ?', [id]),
  ];
}

/** Reads the customer at the end of a batch that ends with eraseCustomerStatements. */
export function erasedFrom(results: ResultSet[]): CustomerDetail {
  const erased = detailFrom(results);
  if (!erased) throw notFound();
  return erased;
}
