import { beforeAll, describe, expect, it } from 'vitest';
import proofImage from '../../netlify/functions/proofs-image';
import readProof from '../../netlify/functions/proofs-read';
import revealedImage from '../../netlify/functions/proofs-revealed-image';
import lookup from '../../netlify/functions/tracking-lookup';
import reveal from '../../netlify/functions/tracking-reveal';
import { setAdminPassword } from '../../netlify/lib/admin-users';
import { signIn, withSession } from '../helpers/admin-session';
import { useBlobsServer } from '../helpers/blobs-server';
import {
  addDriver,
  addShipment,
  jpegBytes,
  proofForm,
  putOnRun,
  signaturePng,
  uploadProof,
} from '../helpers/proof-stops';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

// Reading a proof of delivery: its details and images for staff and the stop's own driver, never anyone else;
// the public lookup's summary (time and initials), and the images for a browser that revealed the shipment.

const getDb = useTestDatabase({ seed: true });
useBlobsServer();

let driver: { id: number; cookie: string };
let other: { id: number; cookie: string };
let viewer: string;
let admin: string;
/** Delivered with a signature and a photo by `driver`. */
let proved: string;
/** On `driver`'s run, not delivered yet. */
let pending: string;
const signature = signaturePng();
const photo = jpegBytes(4096);
/** A minute ago, to the minute: after the shipment's latest entry, so the delivery is its current status. */
const deliveredAt = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60_000).toISOString();

beforeAll(async () => {
  const db = await getDb();
  driver = await addDriver(db, 'reader-driver@nec-cargo.example');
  other = await addDriver(db, 'reader-other@nec-cargo.example');
  await setAdminPassword(db, 'reader-viewer@nec-cargo.example', 'a viewer reads with this', 'viewer');
  viewer = await signIn({ email: 'reader-viewer@nec-cargo.example', password: 'a viewer reads with this' });
  admin = await signIn();
  proved = await addShipment(db);
  pending = await addShipment(db);
  await putOnRun(db, driver.id, proved);
  await putOnRun(db, driver.id, pending);
  const form = proofForm({
    recipient_name: 'Jane Mary Smith',
    signature: new Blob([signature], { type: 'image/png' }),
    photo: new Blob([photo], { type: 'image/jpeg' }),
    delivered_at: deliveredAt,
  });
  const { status } = await uploadProof(driver.cookie, proved, form);
  if (status !== 200) throw new Error(`upload failed: ${status}`);
}, 60_000);

const details = (cookie: string | null, number = proved) =>
  call(readProof, apiRequest(`/api/shipments/${number}/proof`, cookie ? { headers: withSession(cookie) } : {}), {
    trackingNumber: number,
  });

/** An image call, its bytes read as bytes (the contract describes them as text). */
async function image(handler: typeof proofImage, path: string, params: Record<string, string>, headers: HeadersInit) {
  const response = await handler(apiRequest(path, { headers }), { params });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes };
}
const staffImage = (cookie: string | null, kind: string, number = proved) =>
  image(
    proofImage,
    `/api/shipments/${number}/proof/${kind}`,
    { trackingNumber: number, image: kind },
    cookie ? withSession(cookie) : {},
  );

describe('the proof for staff', () => {
  it('shows who signed, when, where and who recorded it, to each office role', async () => {
    for (const cookie of [admin, viewer]) {
      const { status, body } = await details(cookie);
      expect(status).toBe(200);
      expect(body.data).toEqual({
        tracking_number: proved,
        recipient_name: 'Jane Mary Smith',
        delivered_at: deliveredAt,
        latitude: 38.5816,
        longitude: -121.4944,
        accuracy: 12,
        has_photo: true,
        recorded_by: 'reader-driver@nec-cargo.example',
        recorded_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    }
  });

  it("shows it to the stop's own driver, and refuses another driver (403) and no session (401)", async () => {
    expect((await details(driver.cookie)).status).toBe(200);
    expect((await details(other.cookie)).status).toBe(403);
    expect((await details(null)).status).toBe(401);
  });

  it('answers 404 for a stop without a proof and a shipment that does not exist', async () => {
    expect((await details(admin, pending)).body.message).toBe('This shipment has no proof of delivery.');
    expect((await details(admin, 'NEC000000000')).status).toBe(404);
    // A driver learns nothing of stops that are not theirs, existing or not.
    expect((await details(driver.cookie, 'NEC000000000')).status).toBe(403);
  });

  it('serves the signature and photo as stored, private and never sniffed', async () => {
    const drawn = await staffImage(admin, 'signature');
    expect(drawn.status).toBe(200);
    expect(drawn.bytes).toEqual(signature);
    expect(drawn.headers.get('content-type')).toBe('image/png');
    expect(drawn.headers.get('cache-control')).toBe('private, no-store');
    expect(drawn.headers.get('x-content-type-options')).toBe('nosniff');
    const taken = await staffImage(driver.cookie, 'photo');
    expect(taken.status).toBe(200);
    expect(taken.bytes).toEqual(photo);
    expect(taken.headers.get('content-type')).toBe('image/jpeg');
  });

  it('refuses the images to anonymous callers (401) and other drivers (403)', async () => {
    for (const kind of ['signature', 'photo']) {
      const anonymous = await staffImage(null, kind);
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get('content-type')).toMatch(/^application\/json/);
      expect((await staffImage(other.cookie, kind)).status).toBe(403);
    }
  });

  it('answers 404 for an image that is not there or not an image of a proof', async () => {
    expect((await staffImage(admin, 'signature', pending)).status).toBe(404);
    expect((await staffImage(admin, 'avatar')).status).toBe(404);
  });
});

describe('the proof on the public page', () => {
  it('says when and the initials of who signed, never the name', async () => {
    const { status, body } = await call(lookup, apiRequest(`/api/tracking/${proved}`), { trackingNumber: proved });
    expect(status).toBe(200);
    expect(body.data.status).toBe('delivered');
    expect(body.data.proof).toEqual({
      delivered_at: deliveredAt,
      signed_by: 'J. M. S.',
      has_photo: true,
    });
    expect(JSON.stringify(body)).not.toContain('Jane Mary Smith');
    const none = await call(lookup, apiRequest(`/api/tracking/${pending}`), { trackingNumber: pending });
    expect(none.body.data.proof).toBeNull();
  });

  it('shows the images only to a browser that revealed the shipment', async () => {
    const revealedImageOf = (kind: string, cookie?: string) =>
      image(
        revealedImage,
        `/api/tracking/${proved}/proof/${kind}`,
        { trackingNumber: proved, image: kind },
        cookie ? { Cookie: cookie } : {},
      );
    expect((await revealedImageOf('signature')).status).toBe(403);
    expect((await revealedImageOf('photo', `__Host-nec-reveal=${'x'.repeat(43)}`)).status).toBe(403);
    const revealed = await call(
      reveal,
      apiRequest(`/api/tracking/${proved}/reveal`, { json: { email: 'jane.smith@example.com' } }),
      { trackingNumber: proved },
    );
    expect(revealed.status).toBe(200);
    const cookie = revealed.headers.get('set-cookie')!.split(';')[0]!;
    const drawn = await revealedImageOf('signature', cookie);
    expect(drawn.status).toBe(200);
    expect(drawn.bytes).toEqual(signature);
    expect(drawn.headers.get('cache-control')).toBe('private, no-store');
    expect((await revealedImageOf('photo', cookie)).bytes).toEqual(photo);
    // The reveal is of this shipment only.
    const elsewhere = await image(
      revealedImage,
      `/api/tracking/${pending}/proof/signature`,
      { trackingNumber: pending, image: 'signature' },
      { Cookie: cookie },
    );
    expect(elsewhere.status).toBe(403);
  });
});
