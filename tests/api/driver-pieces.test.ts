import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import events from '../../netlify/functions/driver-events-create';
import stops from '../../netlify/functions/driver-stops-list';
import { setPiecesStatements } from '../../netlify/lib/pieces';
import { signIn, withSession } from '../helpers/admin-session';
import { driverWithStops } from '../helpers/driver-stops';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

// The driver hands over a stop of several pieces piece by piece: each piece's barcode is recorded once, the
// stop shows which are delivered, and the stop is delivered with its last piece.

const getDb = useTestDatabase({ seed: true });
const driver = { email: 'driver-pieces@nec-cargo.example', password: 'a driver signs in with this' };
const other = { email: 'driver-other@nec-cargo.example', password: 'another driver signs in too' };
let cookie: string;
let stop: string;
let single: string;
let theirs: string;

beforeAll(async () => {
  const db = await getDb();
  [stop, single] = (await driverWithStops(db, { ...driver, stops: 2 })).numbers as [string, string];
  [theirs] = (await driverWithStops(db, { ...other, stops: 1 })).numbers as [string];
  await db.batch(
    [
      ...setPiecesStatements(stop, [{ weight: 1 }, { weight: 2 }, { weight: 3 }]),
      ...setPiecesStatements(theirs, [{ weight: 1 }, { weight: 2 }]),
    ],
    'write',
  );
  cookie = await signIn(driver);
}, 60_000);

const list = async () =>
  (await call(stops, apiRequest('/api/driver/stops', { headers: withSession(cookie) }))).body.data.stops as Array<{
    tracking_number: string;
    status: string;
    pieces: number;
    pieces_delivered: number[];
  }>;
const post = (...codes: string[]) =>
  call(
    events,
    apiRequest('/api/driver/events', {
      json: {
        events: codes.map((code) => ({
          event_id: randomUUID(),
          tracking_number: code,
          action: 'piece_delivered',
          recorded_at: new Date().toISOString(),
        })),
      },
      headers: withSession(cookie),
    }),
  );

describe('pieces on the driver screen', () => {
  it('lists each stop with its pieces, and which are delivered as the driver hands them over', async () => {
    const before = await list();
    expect(before.find((item) => item.tracking_number === stop)).toMatchObject({ pieces: 3, pieces_delivered: [] });
    expect(before.find((item) => item.tracking_number === single)).toMatchObject({ pieces: 1, pieces_delivered: [] });

    const answer = await post(`${stop}-3`, `${stop}-1`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((result: { piece: number; result: string }) => [result.piece, result.result])).toEqual([
      [3, 'applied'],
      [1, 'applied'],
    ]);
    const partly = (await list()).find((item) => item.tracking_number === stop);
    expect(partly).toMatchObject({ status: 'in_transit', pieces_delivered: [1, 3] });

    await post(`${stop}-2`);
    expect((await list()).find((item) => item.tracking_number === stop)).toMatchObject({
      status: 'delivered',
      pieces_delivered: [1, 2, 3],
    });
  });

  it('refuses a piece delivery without a piece, and a piece of a stop not on the run', async () => {
    const whole = await post(single);
    expect(whole.status).toBe(422);
    expect(whole.body.errors['events.0.tracking_number'].join(' ')).toContain("with the recipient's signature");
    const foreign = await post(`${theirs}-1`);
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toContain(theirs);
  });
});
