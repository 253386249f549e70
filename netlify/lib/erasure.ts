import type { Client } from '@libsql/client';
import { type CustomerDetail, ERASED_NAME } from '@/lib/schemas/customer';
import type { StaffUser } from './activity';
import { type ErasedPerson, eraseFromActivity } from './activity-forget';
import { notFound } from './customer-read';
import { eraseCustomerStatements, erasedFrom } from './customers';
import { cancelMailFor } from './outbox';
import { erasePickups } from './pickups';
import { eraseQuoteRequests } from './quotes';
import { eraseFromShipments } from './shipment-statements';
import { forgetAddress } from './subscriptions';

/**
 * Erasing a customer on their request: one transaction across the tables that hold their personal data,
 * each statement from the module that writes its table. Every statement applies only while the customer
 * is not yet erased, so two erasures at once (or one repeated) erase once and note it once; erasing an
 * erased customer answers it as it is. `customer` is what `customerReads` found (in the session check's
 * round trip).
 */
export async function eraseCustomer(
  db: Client,
  customer: CustomerDetail | null,
  actor: StaffUser,
  now = new Date(),
): Promise<CustomerDetail> {
  if (!customer) throw notFound();
  if (customer.erased_at) return customer;
  const { id } = customer;
  const time = now.toISOString();
  const person: ErasedPerson & { phone: string | null } = {
    id,
    name: customer.name,
    email: customer.email,
    phone: customer.phone,
    live: { sql: 'EXISTS (SELECT 1 FROM customers WHERE id = ? AND erased_at IS NULL)', args: [id] },
  };
  const results = await db.batch(
    [
      ...eraseFromShipments(person, ERASED_NAME),
      cancelMailFor(person),
      ...forgetAddress(person),
      ...eraseQuoteRequests(person, ERASED_NAME),
      ...erasePickups(person, ERASED_NAME),
      ...eraseFromActivity(person, ERASED_NAME),
      ...eraseCustomerStatements(id, ERASED_NAME, actor, time),
    ],
    'write',
  );
  return erasedFrom(results);
}
