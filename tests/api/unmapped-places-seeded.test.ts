import { beforeAll, describe, expect, it } from 'vitest';
import unmappedPlaces from '../../netlify/functions/places-unmapped';
import { signIn, withSession } from '../helpers/admin-session';
import { kept, recount } from '../helpers/place-usage';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

// A database of its own, left as the seed made it: tests/api/unmapped-places.test.ts adds places of its own.
const getDb = useTestDatabase({ seed: true });
let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});

describe('places shipments use that the gazetteer lacks (GET /api/unmapped-places), on the seeded database', () => {
  it('answers none on the seeded database, whose places the gazetteer all knows', async () => {
    const { status, body } = await call(
      unmappedPlaces,
      apiRequest('/api/unmapped-places', { headers: withSession(cookie) }),
    );
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'success', data: { places: [], total: 0 } });
    const db = await getDb();
    expect(await kept(db)).toEqual(await recount(db));
  });
});
