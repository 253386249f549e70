import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import alertsConfirm from '../../netlify/functions/alerts-confirm';
import alerts from '../../netlify/functions/alerts-subscribe';
import alertsUnsubscribe from '../../netlify/functions/alerts-unsubscribe';
import apiKeys from '../../netlify/functions/api-keys-list-create';
import customers from '../../netlify/functions/customers-list-create';
import outbox from '../../netlify/functions/outbox-list';
import outboxRetry from '../../netlify/functions/outbox-retry';
import scans from '../../netlify/functions/scans-create';
import settingsNotifications from '../../netlify/functions/settings-notifications-read-save';
import addTracking from '../../netlify/functions/shipments-add-tracking';
import updateStatus from '../../netlify/functions/shipments-update-status';
import { getDashboard } from '../../netlify/lib/dashboard';
import { getEnv } from '../../netlify/lib/env';
import { createMailer } from '../../netlify/lib/mail';
import { customerCreatedMail, queueDailySummary } from '../../netlify/lib/outbox';
import { deliverDue } from '../../netlify/lib/outbox-delivery';
import { signIn, withSession } from '../helpers/admin-session';
import { holdTheClock } from '../helpers/clock';
import { askForLink, resetAccount } from '../helpers/password-reset';
import { bookPickupFor, nextPickupDay } from '../helpers/pickups';
import { apiRequest, call } from '../helpers/requests';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { useTestDatabase } from '../helpers/test-db';

// The seeded shipments are not used: each test sets the statuses of shipments of its own, to recipients of its own,
// and reads the mail and outbox rows of those (one unsubscribes its recipient; queue order follows how old the
// subscriptions are, which depends on which tests ran first).
const getDb = useTestDatabase({ seed: true });
const SITE = 'https://nec.example';
const COMPANY = 'support@nec-cargo.example';
let smtp: TestSmtp;
let cookie: string;
const saved = { SMTP_URL: process.env.SMTP_URL, SITE_URL: process.env.SITE_URL };

beforeAll(async () => {
  smtp = await startSmtp();
  process.env.SMTP_URL = smtp.url;
  process.env.SITE_URL = SITE;
  cookie = await signIn();
});
afterAll(async () => {
  await smtp.close();
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

const DEFAULT_SWITCHES = {
  new_shipment: true,
  status_updates: true,
  new_customer: false,
  daily_summary: true,
  new_quote_request: true,
};

/** Settings > Notifications, saved as staff save it (every switch as by default but these), until the test ends. */
async function setSwitches(switches: Partial<Record<string, boolean | string[]>>) {
  const save = (json: Record<string, unknown>) =>
    call(
      settingsNotifications,
      apiRequest('/api/settings/notifications', { method: 'PUT', json, headers: withSession(cookie) }),
    );
  const { status } = await save({ ...DEFAULT_SWITCHES, ...switches });
  expect(status).toBe(200);
  onTestFinished(async () => {
    expect((await save(DEFAULT_SWITCHES)).status).toBe(200);
  });
}

beforeEach(async () => {
  smtp.failWith(null);
  // Each test starts with an empty queue, so what it delivers is what it caused.
  await (await getDb()).execute("UPDATE outbox SET state = 'cancelled' WHERE state IN ('queued', 'sending')");
});

/**
 * A shipment of the calling test's own (Ada's parcel from London to Paris), with a recipient address of its own
 * (`name`@recipients.example), its creation emails left unsent: the tests set statuses and unsubscribe, in any order.
 */
async function ownShipment(name: string, status = 'processing') {
  const recipient_mail = `${name}@recipients.example`;
  const created = await call(
    addTracking,
    apiRequest('/api/add_tracking', {
      json: {
        sender_name: 'Ada',
        recipient_name: name,
        recipient_mail,
        recipient_address: '3 Rue de Rivoli, Paris',
        origin: 'London, United Kingdom',
        destination: 'Paris, France',
        status,
      },
      headers: withSession(cookie),
    }),
  );
  expect(created.status).toBe(201);
  const tracking_number = String(created.body.data.tracking_number);
  await (await getDb()).execute({
    sql: "UPDATE outbox SET state = 'cancelled' WHERE tracking_number = ? AND state = 'queued'",
    args: [tracking_number],
  });
  return { tracking_number, recipient_mail };
}

const deliver = (options: Parameters<typeof deliverDue>[1] = {}) =>
  getDb().then((db) => deliverDue(db, { mailer: createMailer(getEnv()), ...options }));

const setStatus = (number: string, status: string, note = 'Left the hub') =>
  call(
    updateStatus,
    apiRequest(`/api/tracking/${number}/update`, {
      method: 'PUT',
      json: { tracking_number: number, status, note },
      headers: withSession(cookie),
    }),
    { trackingNumber: number },
  );

async function queued(where = "state = 'queued'", args: string[] = []) {
  const { rows } = await (await getDb()).execute({ sql: `SELECT * FROM outbox WHERE ${where} ORDER BY id`, args });
  return rows;
}

/** The outbox rows about a shipment, in a state (queued unless said). */
const queuedFor = (trackingNumber: string, state = 'queued') =>
  queued('tracking_number = ? AND state = ?', [trackingNumber, state]);

/** Rows as [audience, recipient] pairs, staff's after the customers': their order is the subscriptions' age. */
const audiences = (rows: Array<Record<string, unknown>>) =>
  rows.map((row) => [String(row.audience), String(row.recipient)]).sort(([a], [b]) => a!.localeCompare(b!));

const to = (address: string) => smtp.received.filter((message) => message.to.includes(address));

describe('a status update', () => {
  it('is emailed once to the recipient, with the tracking link and one-click unsubscribe headers, and to the company', async () => {
    const shipment = await ownShipment('first-status');
    const before = smtp.received.length;
    const { status } = await setStatus(shipment.tracking_number, 'in_transit');
    expect(status).toBe(200);
    // Queued by the write itself, before any delivery.
    const waiting = await queuedFor(shipment.tracking_number);
    expect(waiting.map((row) => row.kind)).toEqual(['status_update', 'status_update']);
    expect(audiences(waiting)).toEqual([
      ['customer', shipment.recipient_mail],
      ['staff', COMPANY],
    ]);

    expect(await deliver()).toMatchObject({ sent: 2, retrying: 0, failed: 0 });
    await smtp.waitFor(before + 2);
    expect(await deliver()).toMatchObject({ sent: 0 });

    const mine = to(shipment.recipient_mail);
    expect(mine).toHaveLength(1);
    const { mail, header } = mine[0]!;
    expect(mail.subject).toBe(`Your shipment ${shipment.tracking_number} is now In Transit`);
    const link = `${SITE}/track?number=${shipment.tracking_number}`;
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('Left the hub');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain('Northeast Express Cargo');
    expect(mail.text).toContain('1500 Capitol Mall');
    expect(header('List-Unsubscribe')).toMatch(new RegExp(`^<${SITE}/api/alerts/unsubscribe\\?token=[\\w-]{43}>$`));
    expect(header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toMatch(new RegExp(`Unsubscribe: ${SITE}/alerts/unsubscribe\\?token=[\\w-]{43}`));

    const staff = to(COMPANY).filter((message) => message.mail.subject?.includes(shipment.tracking_number));
    expect(staff).toHaveLength(1);
    expect(staff[0]!.mail.subject).toBe(`Status update: ${shipment.tracking_number} is now In Transit`);
    expect(staff[0]!.mail.text).toContain(`${SITE}/admin/view_shipment/${shipment.tracking_number}`);
    expect(await queuedFor(shipment.tracking_number, 'sent')).toHaveLength(2);
  });

  it('sends nothing with the switch off', async () => {
    const shipment = await ownShipment('switched-off');
    await setSwitches({ status_updates: false });
    const before = smtp.received.length;
    expect((await setStatus(shipment.tracking_number, 'on_hold')).status).toBe(200);
    expect(await queued()).toHaveLength(0);
    expect(await deliver()).toMatchObject({ sent: 0 });
    expect(smtp.received).toHaveLength(before);
  });

  it("from a device's scan is delivered right after the answer, as staff's is, though the device's clock runs ahead", async () => {
    const shipment = await ownShipment('scanned');
    const created = await call(
      apiKeys,
      apiRequest('/api/api-keys', { json: { name: 'Gate scanner' }, headers: withSession(cookie) }),
    );
    const before = smtp.received.length;
    // Within the clock skew a scan may carry: stamped two minutes after it reached the server.
    const scannedAt = new Date(Date.now() + 2 * 60_000).toISOString();
    const afterAnswer: Promise<unknown>[] = [];
    const response = await scans(
      new Request('http://localhost:8888/api/scans', {
        method: 'POST',
        headers: { Authorization: `Bearer ${created.body.data.key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          events: [
            { event_id: 'gate-1', tracking_number: shipment.tracking_number, status: 'on_hold', scanned_at: scannedAt },
          ],
        }),
      }),
      { waitUntil: (promise: Promise<unknown>) => afterAnswer.push(promise) } as never,
    );
    expect(response.status).toBe(200);
    expect(afterAnswer).toHaveLength(1);
    await Promise.all(afterAnswer);
    expect(await queued()).toHaveLength(0);
    await smtp.waitFor(before + 2);
    expect(to(shipment.recipient_mail).map((message) => message.mail.subject)).toEqual([
      `Your shipment ${shipment.tracking_number} is now On Hold`,
    ]);
  });

  it('stays queued with its error while the server fails, and a later run delivers it once', async () => {
    const shipment = await ownShipment('server-fails');
    smtp.failWith(451);
    await setStatus(shipment.tracking_number, 'on_hold', 'Customs check');
    const start = Date.now();
    expect(await deliver({ now: () => start })).toMatchObject({ sent: 0, retrying: 2 });
    const waiting = await queuedFor(shipment.tracking_number);
    expect(waiting).toHaveLength(2);
    for (const row of waiting) {
      expect(row.attempts).toBe(1);
      expect(row.last_error).toMatch(/451/);
      expect(Date.parse(String(row.next_attempt_at))).toBeGreaterThan(start);
    }
    // Not due yet: nothing is tried.
    expect(await deliver({ now: () => start })).toMatchObject({ sent: 0, retrying: 0 });

    smtp.failWith(null);
    const before = smtp.received.length;
    expect(await deliver({ now: () => start + 2 * 60_000 })).toMatchObject({ sent: 2 });
    expect(await deliver({ now: () => start + 60 * 60_000 })).toMatchObject({ sent: 0 });
    await smtp.waitFor(before + 2);
    expect(to(shipment.recipient_mail)).toHaveLength(1);
    const rows = await queued("recipient = ? AND kind = 'status_update'", [shipment.recipient_mail]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('reaches the recipient only for the statuses Notifications chooses; the company hears of every one', async () => {
    const shipment = await ownShipment('chosen-statuses');
    await setSwitches({ recipient_statuses: ['delivered', 'delivery_failed'] });
    await setStatus(shipment.tracking_number, 'on_hold', 'Waiting for papers');
    expect(audiences(await queuedFor(shipment.tracking_number))).toEqual([['staff', COMPANY]]);
    await setStatus(shipment.tracking_number, 'delivered');
    const after = await queuedFor(shipment.tracking_number);
    expect(after).toHaveLength(3);
    expect(audiences(after.slice(1))).toEqual([
      ['customer', shipment.recipient_mail],
      ['staff', COMPANY],
    ]);
    const unknown = await call(
      settingsNotifications,
      apiRequest('/api/settings/notifications', {
        method: 'PUT',
        json: { ...DEFAULT_SWITCHES, recipient_statuses: ['teleported'] },
        headers: withSession(cookie),
      }),
    );
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors)).toEqual(['recipient_statuses.0']);
  });

  it('gives up at once when the server refuses for good (5xx), keeping the error', async () => {
    const shipment = await ownShipment('refused-for-good');
    smtp.failWith(550);
    await setStatus(shipment.tracking_number, 'delivered');
    expect(await deliver()).toMatchObject({ failed: 2, sent: 0 });
    const failed = await queuedFor(shipment.tracking_number, 'failed');
    expect(failed).toHaveLength(2);
    for (const row of failed) expect(row.last_error).toMatch(/550/);
  });

  it('without a mail server is kept in the outbox, rendered, for staff to read', async () => {
    const shipment = await ownShipment('no-mail-server');
    const read = () => call(outbox, apiRequest('/api/outbox?state=logged', { headers: withSession(cookie) }));
    const loggedBefore = (await read()).body.meta.counts.logged ?? 0;
    await setStatus(shipment.tracking_number, 'processing', 'Label printed');
    expect(await deliver({ mailer: null })).toMatchObject({ logged: 2, sent: 0 });
    const { status, body } = await read();
    expect(status).toBe(200);
    const mine = body.data.filter(
      (message: { tracking_number: string | null }) => message.tracking_number === shipment.tracking_number,
    );
    expect(mine).toHaveLength(2);
    const staff = mine.find((message: { audience: string }) => message.audience === 'staff');
    expect(staff).toMatchObject({
      kind: 'status_update',
      state: 'logged',
      recipient: COMPANY,
      subject: `Status update: ${shipment.tracking_number} is now Processing`,
    });
    expect(staff.text_body).toContain('Label printed');
    expect(body.meta.counts.logged).toBe(loggedBefore + 2);
  });

  it('a message interrupted mid-send is failed, never sent again; staff can retry it', async () => {
    const db = await getDb();
    const shipment = await ownShipment('interrupted');
    await setStatus(shipment.tracking_number, 'in_transit');
    const [first] = await queuedFor(shipment.tracking_number);
    // A worker claimed it and died: its lease runs out.
    await db.execute({
      sql: "UPDATE outbox SET state = 'sending', lease_until = ? WHERE id = ?",
      args: [new Date(Date.now() - 1000).toISOString(), Number(first!.id)],
    });
    const before = smtp.received.length;
    expect(await deliver()).toMatchObject({ sent: 1 });
    const [interrupted] = await queued('id = ?', [String(first!.id)]);
    expect(interrupted).toMatchObject({ state: 'failed' });
    expect(String(interrupted!.last_error)).toMatch(/Interrupted/);

    const retried = await call(
      outboxRetry,
      apiRequest(`/api/outbox/${first!.id}/retry`, { json: {}, headers: withSession(cookie) }),
      { messageId: String(first!.id) },
    );
    expect(retried.status).toBe(200);
    expect(retried.body.data.state).toBe('queued');
    expect(await deliver()).toMatchObject({ sent: 1 });
    await smtp.waitFor(before + 2);
    const again = await call(
      outboxRetry,
      apiRequest(`/api/outbox/${first!.id}/retry`, { json: {}, headers: withSession(cookie) }),
      { messageId: String(first!.id) },
    );
    expect(again.status).toBe(409);
  });

  it('two delivery runs at once send each message once', async () => {
    const shipments = [await ownShipment('concurrent-one'), await ownShipment('concurrent-two')];
    for (const shipment of shipments) await setStatus(shipment.tracking_number, 'on_hold');
    const before = smtp.received.length;
    const reports = await Promise.all([deliver(), deliver(), deliver()]);
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(4);
    await smtp.waitFor(before + 4);
    expect(smtp.received.length).toBe(before + 4);
    for (const shipment of shipments) expect(to(shipment.recipient_mail)).toHaveLength(1);
  });
});

describe('one-click unsubscribe', () => {
  it("stops the recipient's emails (a form POST as mail clients send it); the company still gets its own", async () => {
    const shipment = await ownShipment('unsubscribes');
    const before = smtp.received.length;
    await setStatus(shipment.tracking_number, 'in_transit');
    await deliver();
    await smtp.waitFor(before + 2);
    const target = /^<(.+)>$/.exec(to(shipment.recipient_mail).at(-1)!.header('List-Unsubscribe')!)![1]!;
    const url = new URL(target);
    expect(url.origin).toBe(SITE);

    const answer = await call(
      alertsUnsubscribe,
      new Request(new URL(url.pathname + url.search, 'http://localhost:8888'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ kind: 'shipment', tracking_number: shipment.tracking_number });

    await setStatus(shipment.tracking_number, 'delivered');
    expect((await queuedFor(shipment.tracking_number)).map((row) => row.recipient)).toEqual([COMPANY]);
    await deliver();
    expect(to(shipment.recipient_mail)).toHaveLength(1);
  });

  it('refuses an unknown token (404) and a malformed one (422)', async () => {
    const unknown = await call(
      alertsUnsubscribe,
      apiRequest(`/api/alerts/unsubscribe?token=${'x'.repeat(43)}`, { method: 'POST' }),
    );
    expect(unknown.status).toBe(404);
    const malformed = await call(
      alertsUnsubscribe,
      apiRequest('/api/alerts/unsubscribe?token=abc', { method: 'POST' }),
    );
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.token).toBeDefined();
  });
});

describe('email alerts asked for on the tracking page', () => {
  const subscribe = (json: unknown, address = '203.0.113.10') =>
    call(alerts, apiRequest('/api/alerts', { json, headers: { 'X-Forwarded-For': address } }));
  const confirmWith = (token: string) =>
    call(alertsConfirm, apiRequest(`/api/alerts/confirm?token=${token}`, { method: 'POST', json: {} }));
  /** The token of an address's alerts for a shipment, as its confirmation link carries it. */
  const tokenOf = async (email: string, trackingNumber: string) => {
    const { rows } = await (await getDb()).execute({
      sql: 'SELECT token FROM mail_subscriptions WHERE email = ? AND topic = ?',
      args: [email, `shipment:${trackingNumber}`],
    });
    return String(rows[0]!.token);
  };

  it('confirm first (double opt-in), then get the next status email', async () => {
    const shipment = await ownShipment('watched');
    const email = 'watcher@example.net';
    const before = smtp.received.length;
    const asked = await subscribe({ tracking_number: shipment.tracking_number.toLowerCase(), email });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toContain(email);

    // Before confirming: the status email goes to the recipient and the company only.
    await setStatus(shipment.tracking_number, 'in_transit');
    expect((await queued()).filter((row) => row.recipient === email).map((row) => row.kind)).toEqual([
      'alert_confirmation',
    ]);
    await deliver();
    await smtp.waitFor(before + 3);
    const confirmation = to(email);
    expect(confirmation).toHaveLength(1);
    expect(confirmation[0]!.mail.subject).toBe(`Confirm status emails for shipment ${shipment.tracking_number}`);
    const link = new URL(/(https:\/\/\S+\/alerts\/confirm\?token=[\w-]+)/.exec(confirmation[0]!.mail.text!)![1]!);

    const confirmed = await call(
      alertsConfirm,
      apiRequest(`/api/alerts/confirm${link.search}`, { method: 'POST', json: {} }),
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.tracking_number).toBe(shipment.tracking_number);

    await setStatus(shipment.tracking_number, 'delivered', 'Signed by J. Doe');
    await deliver();
    await smtp.waitFor(before + 6);
    expect(to(email)).toHaveLength(2);
    const alert = to(email).at(-1)!;
    expect(alert.mail.subject).toBe(`Your shipment ${shipment.tracking_number} is now Delivered`);
    expect(alert.header('List-Unsubscribe')).toContain('/api/alerts/unsubscribe?token=');
  });

  it('answers the same for an address already subscribed, and sends it nothing new', async () => {
    const shipment = await ownShipment('watched-twice');
    const email = 'second-watcher@example.net';
    const first = await subscribe({ tracking_number: shipment.tracking_number, email }, '203.0.113.20');
    expect(first.status).toBe(200);
    const before = smtp.received.length;
    await deliver();
    await smtp.waitFor(before + 1);
    expect(to(email)).toHaveLength(1);
    expect((await confirmWith(await tokenOf(email, shipment.tracking_number))).status).toBe(200);

    const asked = await subscribe({ tracking_number: shipment.tracking_number, email }, '203.0.113.20');
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual(first.body);
    expect(await queued()).toHaveLength(0);
    expect(await deliver()).toMatchObject({ sent: 0 });
    expect(to(email)).toHaveLength(1);
  });

  it('refuses unknown shipments (404) and bad addresses (422), and limits requests per address (429)', async () => {
    const shipments = [];
    for (let index = 0; index < 6; index++) shipments.push(await ownShipment(`limited-${index}`));
    holdTheClock();
    expect((await subscribe({ tracking_number: 'NEC000000000', email: 'a@example.net' })).status).toBe(404);
    const bad = await subscribe({ tracking_number: shipments[0]!.tracking_number, email: 'not an email' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.email).toEqual(['Please enter a valid email address']);

    const statuses: number[] = [];
    for (const [index, shipment] of shipments.entries()) {
      statuses.push(
        (
          await subscribe(
            { tracking_number: shipment.tracking_number, email: 'target@example.net' },
            `198.51.100.${index}`,
          )
        ).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('a bad confirmation link (malformed, forged, expired, stopped) is refused in words; a used one says so', async () => {
    const shipment = await ownShipment('bad-links');
    const askAs = async (email: string, index: number) => {
      const asked = await subscribe({ tracking_number: shipment.tracking_number, email }, `192.0.2.${100 + index}`);
      expect(asked.status).toBe(200);
      return tokenOf(email, shipment.tracking_number);
    };

    const malformed = await confirmWith('abc');
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.token).toEqual([
      'This link is incomplete or damaged. Please open it from the email again, or copy all of it.',
    ]);

    const forged = await confirmWith('x'.repeat(43));
    expect(forged.status).toBe(404);
    expect(forged.body.message).toMatch(/^We did not send this link/);

    const used = await askAs('used-link@example.net', 1);
    const first = await confirmWith(used);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ tracking_number: shipment.tracking_number, already_confirmed: false });
    const again = await confirmWith(used);
    expect(again.status).toBe(200);
    expect(again.body.data.already_confirmed).toBe(true);

    const expired = await askAs('late-link@example.net', 2);
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000).toISOString();
    await (await getDb()).execute({
      sql: `UPDATE outbox SET created_at = ? WHERE kind = 'alert_confirmation' AND recipient = ?`,
      args: [eightDaysAgo, 'late-link@example.net'],
    });
    const late = await confirmWith(expired);
    expect(late.status).toBe(410);
    expect(late.body.message).toMatch(/^This link has expired: a confirmation link works for 7 days/);

    const stopped = await askAs('stopped-link@example.net', 3);
    const unsubscribed = await call(
      alertsUnsubscribe,
      apiRequest(`/api/alerts/unsubscribe?token=${stopped}`, { method: 'POST' }),
    );
    expect(unsubscribed.status).toBe(200);
    const afterStop = await confirmWith(stopped);
    expect(afterStop.status).toBe(410);
    expect(afterStop.body.message).toMatch(/stopped with an unsubscribe link/);
  });

  it('queues one confirmation for 20 identical requests at once', async () => {
    const shipment = await ownShipment('twenty-requests');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        subscribe({ tracking_number: shipment.tracking_number, email: 'twenty@example.net' }, `192.0.2.${index}`),
      ),
    );
    expect(answers.map((answer) => answer.status).filter((status) => status === 200).length).toBeGreaterThan(0);
    expect(answers.every((answer) => [200, 429].includes(answer.status))).toBe(true);
    expect((await queued()).filter((row) => row.recipient === 'twenty@example.net')).toHaveLength(1);
  });
});

describe('other events', () => {
  it('a created shipment is emailed to its recipient and the company', async () => {
    const before = smtp.received.length;
    const created = await call(
      addTracking,
      apiRequest('/api/add_tracking', {
        json: {
          sender_name: 'Ada',
          recipient_name: 'Charles',
          recipient_mail: 'charles@mail.example',
          recipient_address: '3 Rue de Rivoli, Paris',
          origin: 'London, United Kingdom',
          destination: 'Paris, France',
          status: 'preparing',
        },
        headers: withSession(cookie),
      }),
    );
    expect(created.status).toBe(201);
    const number = created.body.data.tracking_number;
    const waiting = await queued();
    expect(waiting.map((row) => [row.kind, row.tracking_number])).toEqual([
      ['shipment_created', number],
      ['shipment_created', number],
    ]);
    expect(audiences(waiting)).toEqual([
      ['customer', 'charles@mail.example'],
      ['staff', COMPANY],
    ]);
    await deliver();
    await smtp.waitFor(before + 2);
    expect(to('charles@mail.example').at(-1)!.mail.text).toContain(`${SITE}/track?number=${number}`);
  });

  it('a new customer (POST /api/customers) is emailed to the company only when its switch is on', async () => {
    const create = (name: string, email: string) =>
      call(customers, apiRequest('/api/customers', { json: { name, email }, headers: withSession(cookie) }));
    expect((await create('Quiet Harbor Ltd', 'quiet@harbor.example')).status).toBe(201);
    expect(await queued()).toHaveLength(0);
    await setSwitches({ new_customer: true });
    const created = await create('Loud Harbor Ltd', 'buyer@harbor.example');
    expect(created.status).toBe(201);
    expect((await queued()).map((row) => [row.kind, row.recipient])).toEqual([['new_customer', COMPANY]]);
    const before = smtp.received.length;
    await deliver();
    await smtp.waitFor(before + 1);
    const mail = to(COMPANY).at(-1)!.mail;
    expect(mail.subject).toBe(`New customer: Loud Harbor Ltd (${created.body.data.id})`);
    expect(mail.text).toContain('buyer@harbor.example');
  });

  it('a customer batch whose insert did not happen emails about no one', async () => {
    await setSwitches({ new_customer: true });
    const db = await getDb();
    // The newest customer is an older one: it was not created at this moment.
    const newest = { idSql: 'SELECT id FROM customers ORDER BY number DESC LIMIT 1', args: [] };
    await db.batch(customerCreatedMail(newest, new Date(Date.now() + 1000).toISOString()), 'write');
    expect(await queued()).toHaveLength(0);
  });

  it("the daily summary is queued once per day however often it runs, with yesterday's figures", async () => {
    const db = await getDb();
    // One on hold at least, for the summary's exceptions.
    await ownShipment('summarised', 'on_hold');
    const now = new Date();
    const first = await queueDailySummary(db, now);
    const second = await queueDailySummary(db, now);
    expect(first.queued).toBe(true);
    expect(second.queued).toBe(false);
    const rows = await queued("kind = 'daily_summary'");
    expect(rows).toHaveLength(1);
    const payload = JSON.parse(String(rows[0]!.payload));
    // Yesterday in the company's time zone (its headquarters', Sacramento, until Settings > General says otherwise).
    const today = now.toLocaleDateString('en-CA', { timeZone: 'America/Los_Angeles' });
    expect(payload.date).toBe(new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10));
    expect(payload.time_zone).toBe('America/Los_Angeles');
    const onHold = await db.execute("SELECT count(*) AS n FROM shipments WHERE status = 'on_hold'");
    expect(payload.on_hold_total).toBe(Number(onHold.rows[0]!.n));
    expect(payload.on_hold_total).toBeGreaterThan(0);
    // "Active" means what the dashboard's card means: neither delivered nor returned to the sender.
    expect(payload.active).toBe((await getDashboard(db, now.getTime())).stats.active_shipments.value);
    const before = smtp.received.length;
    await deliver();
    await smtp.waitFor(before + 1);
    expect(to(COMPANY).at(-1)!.mail.subject).toMatch(/^Daily summary for /);
    expect(to(COMPANY).at(-1)!.mail.text).toContain('Exceptions: on hold');

    await setSwitches({ daily_summary: false });
    expect(await queueDailySummary(db, new Date(now.getTime() + 86_400_000))).toMatchObject({
      queued: false,
      switchedOff: true,
    });
  });
});

describe('an email with a link of its recipient on the Outbox page', () => {
  const RESET_LINK = /\/admin-reset-password#[\w-]+/;
  const readOutbox = async (email: string) => {
    const { status, body } = await call(outbox, apiRequest('/api/outbox', { headers: withSession(cookie) }));
    expect(status).toBe(200);
    return body.data.find((message: { recipient: string }) => message.recipient === email);
  };

  it('shows its link only while no mail server takes it to the recipient', async () => {
    const db = await getDb();
    const email = await resetAccount(db, 'outbox-link');

    // Mailed: the recipient has the link, staff reading the Outbox do not.
    expect((await askForLink(email, '198.51.100.77')).status).toBe(200);
    const before = smtp.received.length;
    expect(await deliver()).toMatchObject({ sent: 1 });
    await smtp.waitFor(before + 1);
    expect(to(email).at(-1)!.mail.text).toMatch(RESET_LINK);
    const sent = await readOutbox(email);
    expect(sent).toMatchObject({ kind: 'password_reset', state: 'sent' });
    expect(sent.text_body).toContain('Choose a new password: (not shown here: only the recipient may use this link)');
    expect(sent.text_body).not.toMatch(RESET_LINK);

    // Failed, then queued again by staff: still the recipient's alone.
    await db.execute({ sql: "UPDATE outbox SET state = 'failed' WHERE id = ?", args: [sent.id] });
    const retried = await call(
      outboxRetry,
      apiRequest(`/api/outbox/${sent.id}/retry`, { json: {}, headers: withSession(cookie) }),
      { messageId: String(sent.id) },
    );
    expect(retried.body.data.state).toBe('queued');
    expect(retried.body.data.text_body).not.toMatch(RESET_LINK);
    await db.execute({ sql: "UPDATE outbox SET state = 'cancelled' WHERE id = ?", args: [sent.id] });

    // No mail server: the Outbox is where the link is read and handed on.
    expect((await askForLink(email, '198.51.100.77')).status).toBe(200);
    expect(await deliver({ mailer: null })).toMatchObject({ logged: 1 });
    const logged = await readOutbox(email);
    expect(logged.state).toBe('logged');
    expect(logged.text_body).toMatch(RESET_LINK);
  });

  it("hides a customer's own links too once mailed: a pickup's manage link, a status update's unsubscribe link", async () => {
    const email = 'outbox-pickup@example.com';
    const booked = await bookPickupFor('Outbox Pickup', email, nextPickupDay());
    expect(booked.status).toBe(201);
    const shipment = await ownShipment('outbox-links');
    expect((await setStatus(shipment.tracking_number, 'in_transit')).status).toBe(200);
    const before = smtp.received.length;
    await deliver();
    await smtp.waitFor(before + 2);

    const MANAGE_LINK = /\/pickup-manage#[\w-]+/;
    const UNSUBSCRIBE_LINK = /\/alerts\/unsubscribe\?token=[\w-]+/;
    expect(to(email).at(-1)!.mail.text).toMatch(MANAGE_LINK);
    expect(to(shipment.recipient_mail).at(-1)!.mail.text).toMatch(UNSUBSCRIBE_LINK);
    for (const [recipient, link] of [
      [email, MANAGE_LINK],
      [shipment.recipient_mail, UNSUBSCRIBE_LINK],
    ] as const) {
      const sent = await readOutbox(recipient);
      expect(sent.state).toBe('sent');
      expect(sent.text_body).not.toMatch(link);
      expect(sent.text_body).toContain('(not shown here: only the recipient may use this link)');
      // Links without a token stay: the tracking page is anyone's with the number.
      if (recipient === shipment.recipient_mail)
        expect(sent.text_body).toContain(`/track?number=${shipment.tracking_number}`);
    }
  });
});
