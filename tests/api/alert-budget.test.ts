import { describe, expect, it } from 'vitest';
import { buildSeedShipments } from '../../db/seed';
import alerts from '../../netlify/functions/alerts-subscribe';
import { ALERT_LIMITS, mailboxOf } from '../../netlify/lib/alerts';
import { holdTheClock } from '../helpers/clock';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

// A mailbox's daily budget of confirmation emails is spent only by an email that is queued, and is one budget
// for every spelling of the address: strangers cannot use it up with bogus numbers or repeated requests.

const getDb = useTestDatabase({ seed: true });
const seeded = buildSeedShipments();
const BUDGET = ALERT_LIMITS.perMailbox.limit;

let nextAddress = 1;
/** Each request from its own client address, so only the mailbox's budget is in play. */
const subscribe = (tracking_number: string, email: string) =>
  call(
    alerts,
    apiRequest('/api/alerts', {
      json: { tracking_number, email },
      headers: { 'x-nf-client-connection-ip': `203.0.113.${nextAddress++}` },
    }),
  );

/** The confirmation emails queued for addresses of this domain, as addressed. */
async function confirmationsTo(domain: string): Promise<string[]> {
  const { rows } = await (await getDb()).execute({
    sql: "SELECT recipient FROM outbox WHERE kind = 'alert_confirmation' AND recipient LIKE ? ORDER BY id",
    args: [`%@${domain}`],
  });
  return rows.map((row) => String(row.recipient));
}

describe('the mailbox budget of alert sign-ups', () => {
  it('is one budget for case and +tag variants, and mail goes to the address as typed', () => {
    for (const variant of ['Ann@Mail.Example', 'ann+parcels@mail.example', 'ANN+x+y@MAIL.EXAMPLE']) {
      expect(mailboxOf(variant)).toBe('ann@mail.example');
    }
  });

  it('is not spent by sign-ups for numbers that name no shipment', async () => {
    for (let i = 0; i < BUDGET * 2; i++) {
      expect((await subscribe(`NEC00000000${i % 10}`, 'owner@bogus.example')).status).toBe(404);
    }
    const real = await subscribe(seeded[0]!.tracking_number, 'owner@bogus.example');
    expect(real.status).toBe(200);
    expect(await confirmationsTo('bogus.example')).toEqual(['owner@bogus.example']);
  });

  it('is not spent by repeated sign-ups while a confirmation waits', async () => {
    for (let i = 0; i < BUDGET * 2; i++) {
      expect((await subscribe(seeded[1]!.tracking_number, 'repeat@again.example')).status).toBe(200);
    }
    expect(await confirmationsTo('again.example')).toHaveLength(1);
    for (let i = 2; i <= BUDGET; i++) {
      expect((await subscribe(seeded[i]!.tracking_number, 'repeat@again.example')).status).toBe(200);
    }
    expect(await confirmationsTo('again.example')).toHaveLength(BUDGET);
  });

  it('is shared by +tag and case variants; past it, 429 and no email', async () => {
    holdTheClock();
    const variants = ['Kim+a@Share.Example', 'kim@share.example', 'KIM+b@share.example', 'kim+c@SHARE.example'];
    const typed: string[] = [];
    for (let i = 0; i < BUDGET; i++) {
      const email = variants[i % variants.length]!;
      expect((await subscribe(seeded[10 + i]!.tracking_number, email)).status).toBe(200);
      typed.push(email);
    }
    const refused = await subscribe(seeded[10 + BUDGET]!.tracking_number, 'Kim+late@share.example');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await confirmationsTo('share.example')).toEqual(typed);
  });

  it('holds for 20 sign-ups at once: exactly the budget is queued', async () => {
    holdTheClock();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => subscribe(seeded[i]!.tracking_number, `lee+${i}@rush.example`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(BUDGET);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - BUDGET);
    expect(await confirmationsTo('rush.example')).toHaveLength(BUDGET);
  });
});

describe('the per-address limit of alert sign-ups', () => {
  it('counts an IPv6 client by its /64 network: its other addresses share it, another network does not', async () => {
    holdTheClock();
    const from = (address: string, i: number) =>
      call(
        alerts,
        apiRequest('/api/alerts', {
          json: { tracking_number: seeded[0]!.tracking_number, email: `net${i}@six.example` },
          headers: { 'x-nf-client-connection-ip': address },
        }),
      );
    for (let i = 0; i < ALERT_LIMITS.perAddress.limit; i++) {
      expect((await from(`2001:db8:0:f:${i.toString(16)}::1`, i)).status).toBe(200);
    }
    expect((await from('2001:db8:0:f:ffff::2', 100)).status).toBe(429);
    expect((await from('2001:db8:0:10::1', 101)).status).toBe(200);
  });
});
