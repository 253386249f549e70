import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import customerErase from '../../netlify/functions/customers-erase';
import customers from '../../netlify/functions/customers-list-create';
import customer from '../../netlify/functions/customers-read-update';
import quoteRequest from '../../netlify/functions/quote-requests-update';
import quotes from '../../netlify/functions/quotes-create';
import addTracking from '../../netlify/functions/shipments-add-tracking';
import quickAdd from '../../netlify/functions/shipments-create';
import shipment from '../../netlify/functions/shipments-read-edit';
import { ERASED_NAME } from '../../src/lib/schemas/customer';
import { signIn, withSession } from '../helpers/admin-session';
import { bookPickupFor, nextPickupDay } from '../helpers/pickups';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });
let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});

const staff = (handler: Parameters<typeof call>[0], path: string, json?: unknown, params = {}, method = 'POST') =>
  call(
    handler,
    apiRequest(path, { method, ...(json === undefined ? {} : { json }), headers: withSession(cookie) }),
    params,
  );
const create = (json: unknown) => staff(customers, '/api/customers', json);
const erase = (id: string) => staff(customerErase, `/api/customers/${id}/erase`, {}, { id });
/** A name and email no other test uses. */
const someone = (name: string) => {
  const tag = randomUUID().slice(0, 8);
  return { name: `${name} ${tag}`, email: `${tag}@mail.example` };
};

async function count(sql: string, args: Array<string | number> = []) {
  const { rows } = await (await getDb()).execute({ sql, args });
  return Number(rows[0]!.n);
}

describe('POST /api/customers: duplicates', () => {
  it('answers 409 on email for the same email in any case, naming the existing customer; "create anyway" creates it', async () => {
    const person = someone('Ada Lovelace');
    const first = await create({ ...person, status: 'active' });
    expect(first.status).toBe(201);
    const id = first.body.data.id;
    const before = await count('SELECT count(*) AS n FROM customers');

    const again = await create({ name: 'Someone Else', email: person.email.toUpperCase(), status: 'active' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      status: 'error',
      message: `This customer may already exist: ${id} (${person.name}) has the same email.`,
      errors: { email: [`${id} (${person.name}) already has this email`] },
      duplicate_of: id,
    });
    expect(await count('SELECT count(*) AS n FROM customers')).toBe(before);

    const anyway = await create({ name: 'Someone Else', email: person.email, status: 'active', allow_duplicate: true });
    expect(anyway.status).toBe(201);
    expect(anyway.body.data.id).not.toBe(id);
  });

  it('answers 409 on name and phone for the same name (any case) and phone digits (any separators)', async () => {
    const { name } = someone('Charles Babbage');
    const first = await create({ name, phone: '+44 20 7946 0001', status: 'active' });
    const again = await create({ name: name.toUpperCase(), phone: '+44 (20) 7946-0001', status: 'active' });
    expect(again.status).toBe(409);
    expect(again.body.duplicate_of).toBe(first.body.data.id);
    expect(Object.keys(again.body.errors).sort()).toEqual(['name', 'phone']);
    // The same name with another phone is another customer.
    expect((await create({ name, phone: '+44 20 7946 0002', status: 'active' })).status).toBe(201);
  });

  it('twenty creations of the same new customer at once create one', async () => {
    const person = someone('Grace Hopper');
    const answers = await Promise.all(Array.from({ length: 20 }, () => create({ ...person, status: 'active' })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(19);
    expect(await count('SELECT count(*) AS n FROM customers WHERE email = ?', [person.email])).toBe(1);
  });
});

describe('PATCH /api/customers/{id}: duplicates', () => {
  const patch = (id: string, json: unknown) => staff(customer, `/api/customers/${id}`, json, { id }, 'PATCH');

  it('an edit to another customer’s email is flagged and changes nothing; "save anyway" saves it', async () => {
    const [taken, editing] = [someone('Ada Byron'), someone('Mary Somerville')];
    const owner = (await create({ ...taken, status: 'active' })).body.data.id;
    const id = (await create({ ...editing, status: 'active' })).body.data.id;
    const edits = await count(
      "SELECT count(*) AS n FROM activity_log WHERE action = 'customer_updated' AND subject_id = ?",
      [id],
    );

    const clash = await patch(id, { email: taken.email.toUpperCase(), contact: 'Front desk' });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({
      duplicate_of: owner,
      errors: { email: [`${owner} (${taken.name}) already has this email`] },
    });
    const kept = await staff(customer, `/api/customers/${id}`, undefined, { id }, 'GET');
    expect(kept.body.data).toMatchObject({ email: editing.email, contact: null });
    expect(
      await count("SELECT count(*) AS n FROM activity_log WHERE action = 'customer_updated' AND subject_id = ?", [id]),
    ).toBe(edits);

    // Unchanged identity is not compared again: another field saves while the email stays its own.
    expect((await patch(id, { contact: 'Front desk' })).status).toBe(200);
    const anyway = await patch(id, { email: taken.email, allow_duplicate: true });
    expect(anyway.status).toBe(200);
    expect(anyway.body.data.email).toBe(taken.email);
  });

  it('a new name taking another customer’s name and phone is flagged on both fields', async () => {
    const { name } = someone('Alan Turing');
    const owner = (await create({ name, phone: '+44 161 496 0000', status: 'active' })).body.data.id;
    const id = (await create({ ...someone('Joan Clarke'), phone: '+44 161 496 0000', status: 'active' })).body.data.id;
    const clash = await patch(id, { name: name.toLowerCase() });
    expect(clash.status).toBe(409);
    expect(clash.body.duplicate_of).toBe(owner);
    expect(Object.keys(clash.body.errors).sort()).toEqual(['name', 'phone']);
  });
});

describe('shipments never pick silently between customers of the same name', () => {
  it('answers 422 on customer naming both ids; the id picks one', async () => {
    const { name } = someone('Alan Turing');
    const a = await create({ name, email: `${randomUUID()}@mail.example`, status: 'active' });
    const b = await create({ name, email: `${randomUUID()}@mail.example`, status: 'active' });
    const route = { origin: 'London, United Kingdom', destination: 'Paris, France', status: 'processing' };
    const byName = await staff(quickAdd, '/api/shipments', { ...route, customer: name });
    expect(byName.status).toBe(422);
    expect(byName.body.errors).toEqual({
      customer: [
        `More than one customer is named ${name} (${a.body.data.id}, ${b.body.data.id}): choose one from the list`,
      ],
    });
    const byId = await staff(quickAdd, '/api/shipments', { ...route, customer: b.body.data.id });
    expect(byId.status).toBe(201);
    expect(byId.body.data.customer_id).toBe(b.body.data.id);
    const tn = byId.body.data.tracking_number;
    const edit = await staff(shipment, `/api/shipments/${tn}`, { customer: name }, { trackingNumber: tn }, 'PATCH');
    expect(edit.status).toBe(422);
  });
});

/** A quote request sent through the form, which staff then marked contacted: its id. */
async function answeredQuote(name: string, email: string, service: string): Promise<string> {
  const quote = await call(
    quotes,
    apiRequest('/api/quotes', {
      json: { name, email, phone: '', service },
      headers: { 'x-nf-client-connection-ip': `203.0.113.${Math.floor(Math.random() * 250)}` },
    }),
  );
  const id = String(quote.body.data.id);
  const answered = await staff(quoteRequest, `/api/quote-requests/${id}`, { status: 'contacted' }, { id }, 'PATCH');
  expect(answered.status).toBe(200);
  return id;
}

describe('POST /api/customers/{id}/erase', () => {
  /** A customer with a quick-added shipment, a shipment to them, a quote request and queued emails. */
  async function customerWithHistory() {
    const person = someone('Erin Example');
    const created = await create({
      ...person,
      contact: 'Erin',
      phone: '+1 202 555 0199',
      address: '1 Main Street, Sacramento',
      status: 'active',
    });
    const id: string = created.body.data.id;
    const quick = await staff(quickAdd, '/api/shipments', {
      customer: id,
      origin: 'Sacramento, USA',
      destination: 'Toronto, Canada',
      status: 'processing',
    });
    const toThem = await staff(addTracking, '/api/add_tracking', {
      status: 'processing',
      customer_id: id,
      sender_name: person.name,
      sender_email: person.email,
      recipient_name: 'Another Person',
      recipient_address: '9 Queen Street, Toronto',
      recipient_mail: person.email,
      origin: 'Sacramento, USA',
      destination: 'Toronto, Canada',
    });
    const tn: string = toThem.body.data.tracking_number;
    await staff(shipment, `/api/shipments/${tn}`, { sender_phone: '+1 202 555 0100' }, { trackingNumber: tn }, 'PATCH');
    // Staff answered it: the audit entry of that names the requester too.
    await answeredQuote(person.name, person.email, 'Freight Forwarding');
    // A pickup they booked (their email in another case) and one of someone else's the same day.
    const day = nextPickupDay();
    expect((await bookPickupFor(person.name, person.email.toUpperCase(), day)).status).toBe(201);
    const other = someone('Otto Other');
    expect((await bookPickupFor(other.name, other.email, day)).status).toBe(201);
    return { ...person, id, shipments: [quick.body.data.tracking_number as string, tn], other };
  }

  it('removes the personal data, keeps the shipments under "Erased customer", cancels their emails and notes it', async () => {
    const them = await customerWithHistory();
    const queued = 'SELECT count(*) AS n FROM outbox WHERE lower(recipient) = lower(?) AND state = ?';
    expect(await count(queued, [them.email, 'queued'])).toBeGreaterThan(0);

    const { status, body } = await erase(them.id);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      id: them.id,
      name: ERASED_NAME,
      contact: null,
      email: null,
      phone: null,
      address: null,
      status: 'inactive',
      erased_at: expect.any(String),
      shipments: 2,
    });

    const db = await getDb();
    const { rows } = await db.execute({
      sql: `SELECT tracking_number, sender_name, sender_email, sender_phone, sender_address,
                   recipient_name, recipient_mail, recipient_phone, recipient_address, destination
            FROM shipments WHERE tracking_number IN (?, ?) ORDER BY id`,
      args: them.shipments,
    });
    // Both are theirs: the sender on both, and the recipient (by name on the quick-added one, by email on the other).
    expect(rows.map((row) => ({ ...row }))).toEqual(
      them.shipments.map((trackingNumber) => ({
        tracking_number: trackingNumber,
        sender_name: ERASED_NAME,
        sender_email: null,
        sender_phone: null,
        sender_address: null,
        recipient_name: ERASED_NAME,
        recipient_mail: null,
        recipient_phone: null,
        recipient_address: 'Toronto, Canada',
        destination: 'Toronto, Canada',
      })),
    );
    expect(await count(queued, [them.email, 'queued'])).toBe(0);
    expect(await count(queued, [them.email, 'cancelled'])).toBeGreaterThan(0);
    expect(await count('SELECT count(*) AS n FROM mail_subscriptions WHERE email = ?', [them.email])).toBe(0);
    expect(await count('SELECT count(*) AS n FROM quote_requests WHERE lower(email) = lower(?)', [them.email])).toBe(0);
    expect(await count('SELECT count(*) AS n FROM pickups WHERE lower(email) = lower(?)', [them.email])).toBe(0);
    expect(await count('SELECT count(*) AS n FROM pickups WHERE email = ?', [them.other.email])).toBe(1);
    // Nothing they were called or reached at is left in the log, the record of changes or the search.
    const left = `%${them.email}%`;
    expect(
      await count(
        `SELECT (SELECT count(*) FROM activity_log WHERE details LIKE ?1 OR details LIKE ?2 OR actor_email LIKE ?2)
              + (SELECT count(*) FROM shipment_changes WHERE old_value IN ('+1 202 555 0100', ?3) OR new_value = '+1 202 555 0100')
              + (SELECT count(*) FROM customers_search WHERE customers_search MATCH ?4) AS n`,
        [`%${them.name}%`, left, them.name, `"${them.name}"`],
      ),
    ).toBe(0);
    const { rows: notes } = await db.execute({
      sql: `SELECT action, details FROM activity_log WHERE subject_type = 'customer' AND subject_id = ? ORDER BY id`,
      args: [them.id],
    });
    expect(notes.at(-1)).toMatchObject({
      action: 'customer_erased',
      details: 'Personal data erased on request; shipments kept',
    });
    expect(notes.at(0)!.details).toBe(`Created ${ERASED_NAME}`);

    // An erased customer is never picked again, nor changed.
    const route = { origin: 'Sacramento, USA', destination: 'Toronto, Canada', status: 'processing' };
    expect((await staff(quickAdd, '/api/shipments', { ...route, customer: them.id })).status).toBe(422);
    const changed = await staff(customer, `/api/customers/${them.id}`, { name: 'Back' }, { id: them.id }, 'PATCH');
    expect(changed.status).toBe(409);
  });

  it('erasing twice at once erases once and notes it once; again later changes nothing', async () => {
    const them = await customerWithHistory();
    const answers = await Promise.all(Array.from({ length: 5 }, () => erase(them.id)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.data.erased_at)).size).toBe(1);
    const erasures = `SELECT count(*) AS n FROM activity_log WHERE action = 'customer_erased' AND subject_id = ?`;
    expect(await count(erasures, [them.id])).toBe(1);
    expect((await erase(them.id)).body.data.erased_at).toBe(answers[0]!.body.data.erased_at);
    expect(await count(erasures, [them.id])).toBe(1);
  });

  it('takes a short name out where the entries wrote it, and leaves the same letters in other words', async () => {
    // "Ed" is in "Edited": the entries keep their words, only the name gives way.
    const email = `${randomUUID().slice(0, 8)}@mail.example`;
    const created = await create({ name: 'Ed', email, status: 'active' });
    expect(created.status).toBe(201);
    const id: string = created.body.data.id;
    const edited = await staff(customer, `/api/customers/${id}`, { phone: '+1 202 555 0142' }, { id }, 'PATCH');
    expect(edited.status).toBe(200);
    const quoteId = await answeredQuote('Ed', email, 'Express Delivery');

    expect((await erase(id)).status).toBe(200);
    const { rows } = await (await getDb()).execute({
      sql: `SELECT details FROM activity_log
            WHERE (subject_type = 'customer' AND subject_id = ?) OR (subject_type = 'quote_request' AND subject_id = ?)
            ORDER BY id`,
      args: [id, quoteId],
    });
    expect(rows.map((row) => row.details)).toEqual([
      `Created ${ERASED_NAME}`,
      'Edited phone',
      `${ERASED_NAME} asked for a quote: Express Delivery`,
      `${ERASED_NAME} (#${quoteId}): New → Contacted`,
      'Personal data erased on request; shipments kept',
    ]);
  });

  it('answers 404 for an unknown customer', async () => {
    expect((await erase('CUS-99999')).status).toBe(404);
    expect((await erase('nobody')).status).toBe(404);
  });
});
