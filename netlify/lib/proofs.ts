import { randomBytes } from 'node:crypto';
import type { Client, InStatement, ResultSet } from '@libsql/client';
import { z } from 'zod';
import { NOT_YOUR_STOP, PROOF_NOT_FOUND } from '@/lib/api/proofs';
import { SHIPMENT_NOT_FOUND } from '@/lib/api/shipments';
import { TRACKING_NOT_FOUND } from '@/lib/api/tracking';
import { type Proof, type ProofImage, type ProofUpload, proofSchema } from '@/lib/schemas/proof';
import { initialsOf } from '@/lib/schemas/proof-summary';
import { discardBlobs } from './blob-deletions';
import { proofImages } from './blobs';
import { onDriversRun } from './driver-stops';
import { HttpError, invalidInput, type Picture } from './http';
import { photoTypeOf, signatureContent } from './proof-images';
import { decodeFirst, sqlBoolean } from './rows';
import type { SessionUser } from './sessions';
import { scanStatements } from './shipment-statements';
import type { CallerSql } from './sql';
import { hashToken } from './tokens';
import { REVEALED } from './tracking';

/**
 * Recording a proof of delivery: the one writer of `proofs` and of the proof images' blobs.
 *
 * The images go to Netlify Blobs first, under unguessable keys, then one batch writes the delivered status,
 * its history entry, log line and email (the scans' statements), the scan event that makes the upload
 * idempotent (sender + event id, as scans) and the proof row. When that batch fails, or another upload won
 * (a UNIQUE index: the same event on scan_events, another event's proof on proofs.shipment_id), this
 * upload's blobs are deleted (queued for the housekeeping when the store fails), so no row lacks its images
 * and no image outlives a failed upload. Then the upload is planned again: a repeat comes out a duplicate,
 * another event's proof a 409.
 */

const ATTEMPTS = 3;

/** An image as stored: where and of which type. */
interface StoredImage {
  key: string;
  type: string;
  bytes: Uint8Array<ArrayBuffer>;
}

export type ProofRecorded = { result: 'applied' | 'duplicate'; tracking_number: string };

/** The signature and photo of an upload, refused (422 naming the field) unless they are what they claim. */
async function checkedImages(upload: ProofUpload): Promise<{ signature: StoredImage; photo: StoredImage | null }> {
  const signature = new Uint8Array(await upload.signature.arrayBuffer());
  const content = signatureContent(signature);
  if (content === 'unreadable') throw invalidInput({ signature: ['Must be a PNG image of the signature'] });
  if (content === 'blank') throw invalidInput({ signature: ['The signature is empty: ask the recipient to sign'] });
  let photo: StoredImage | null = null;
  if (upload.photo) {
    const bytes = new Uint8Array(await upload.photo.arrayBuffer());
    const type = photoTypeOf(bytes);
    if (!type) throw invalidInput({ photo: ['Must be a JPEG, PNG or WebP image'] });
    photo = { key: newKey('photo'), type, bytes };
  }
  return { signature: { key: newKey('signature'), type: 'image/png', bytes: signature }, photo };
}

/** 192 random bits: a key nobody can guess (the store is never public, but a key is no credential either). */
const newKey = (kind: string) => `${kind}/${randomBytes(24).toString('base64url')}`;

const stopStateSchema = z.object({
  on_run: sqlBoolean,
  done: sqlBoolean,
  proof_event: z.string().nullable(),
  latest: z.string().nullable(),
});

/**
 * The read of the stop for an upload: whether it is on the driver's run, the upload was recorded before, a
 * proof exists; its latest entry. The driver as SQL: it goes in the session check's round trip.
 */
export function stopStateRead(
  trackingNumber: string,
  eventId: string,
  driver: Pick<CallerSql, 'id' | 'source'>,
): InStatement {
  return {
    sql: `SELECT ${onDriversRun(driver.id.sql)} AS on_run,
                 EXISTS (SELECT 1 FROM scan_events e WHERE e.source = ${driver.source.sql} AND e.event_id = ?) AS done,
                 (SELECT p.event_id FROM proofs p WHERE p.shipment_id = s.id) AS proof_event,
                 (SELECT max(h.created_at) FROM shipment_histories h WHERE h.shipment_id = s.id) AS latest
          FROM shipments s WHERE s.tracking_number = ?`,
    args: [...driver.id.args, ...driver.source.args, eventId, trackingNumber],
  };
}

const isConflict = (error: unknown) =>
  error instanceof Error &&
  /UNIQUE constraint failed: (scan_events|proofs)\./.test(`${error.message} ${String(error.cause ?? '')}`);

/**
 * The driver delivers a stop of their run with its proof (`POST /api/driver/stops/{n}/proof`). 403 when the
 * stop is not on their run, 409 when another event already proved it; a repeated event is a duplicate.
 * `read` holds the answer of `stopStateRead`, made with the session check; an upload planned again reads anew.
 */
export async function recordProof(
  db: Client,
  trackingNumber: string,
  upload: ProofUpload,
  driver: SessionUser,
  [read]: ResultSet[],
  now = new Date(),
): Promise<ProofRecorded> {
  // The scans' sender for a staff session: a repeated event id of this driver's is the same delivery.
  const source = `user:${driver.id}`;
  const images = await checkedImages(upload);
  const stored = [images.signature, ...(images.photo ? [images.photo] : [])];
  const keys = stored.map(({ key }) => key);
  const caller = { id: { sql: '?', args: [driver.id] }, source: { sql: '?', args: [source] } };
  for (let attempt = 1; ; attempt++) {
    const answer = attempt === 1 ? read : await db.execute(stopStateRead(trackingNumber, upload.event_id, caller));
    const state = decodeFirst(stopStateSchema, answer?.rows ?? []);
    if (state?.done) return { result: 'duplicate', tracking_number: trackingNumber };
    if (!state?.on_run) throw new HttpError(403, NOT_YOUR_STOP);
    if (state.proof_event !== null) {
      throw new HttpError(409, 'This stop already has a proof of delivery, recorded from another device or action.');
    }
    const store = proofImages();
    const written = await Promise.allSettled(stored.map(({ key, bytes }) => store.set(key, bytes.slice().buffer)));
    const unwritten = written.find((outcome) => outcome.status === 'rejected');
    if (unwritten) {
      await discardBlobs(db, 'proof-images', keys);
      throw unwritten.reason;
    }
    try {
      await db.batch(proofStatements(trackingNumber, upload, images, driver, source, state.latest ?? '', now), 'write');
      return { result: 'applied', tracking_number: trackingNumber };
    } catch (error) {
      // A lost answer may hide a batch that committed: its row then holds these keys, which stay.
      if (!isConflict(error) && (await committed(db, images.signature.key))) {
        return { result: 'applied', tracking_number: trackingNumber };
      }
      await discardBlobs(db, 'proof-images', keys);
      if (!isConflict(error) || attempt >= ATTEMPTS) throw error;
    }
  }
}

async function committed(db: Client, signatureKey: string): Promise<boolean> {
  try {
    const { rows } = await db.execute({ sql: 'SELECT 1 FROM proofs WHERE signature_key = ?', args: [signatureKey] });
    return rows.length > 0;
  } catch {
    return false;
  }
}

function proofStatements(
  trackingNumber: string,
  upload: ProofUpload,
  images: { signature: StoredImage; photo: StoredImage | null },
  driver: SessionUser,
  source: string,
  latest: string,
  now: Date,
): InStatement[] {
  const received = now.toISOString();
  // The history and its email are public (the tracking page, alert subscribers): they carry the initials, as
  // the page's summary does; the name itself stays in the proof, for staff.
  const note = `Delivered, signed by ${initialsOf(upload.recipient_name)}`;
  // As with scans, a delivery timed before the latest entry only joins the history (ISO UTC compares as text).
  const current = upload.delivered_at >= latest;
  const scan = { tracking_number: trackingNumber, status: 'delivered' as const, note, scanned_at: upload.delivered_at };
  return [
    ...scanStatements(scan, driver, current, received),
    {
      sql: `INSERT INTO scan_events (source, event_id, shipment_id, tracking_number, status, note, scanned_at,
                                     received_at, outcome)
            SELECT ?, ?, id, tracking_number, 'delivered', ?, ?, ?, ? FROM shipments WHERE tracking_number = ?`,
      args: [
        source,
        upload.event_id,
        note,
        upload.delivered_at,
        received,
        current ? 'applied' : 'history_only',
        trackingNumber,
      ],
    },
    {
      sql: `INSERT INTO proofs (shipment_id, source, event_id, recipient_name, signature_key, photo_key, photo_type,
                                latitude, longitude, accuracy, delivered_at, recorded_by, recorded_at)
            SELECT id, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM shipments WHERE tracking_number = ?`,
      args: [
        source,
        upload.event_id,
        upload.recipient_name,
        images.signature.key,
        images.photo?.key ?? null,
        images.photo?.type ?? null,
        upload.latitude ?? null,
        upload.longitude ?? null,
        upload.accuracy ?? null,
        upload.delivered_at,
        driver.id,
        received,
        trackingNumber,
      ],
    },
  ];
}

const proofRowSchema = z.object({
  on_run: sqlBoolean,
  tracking_number: z.string(),
  recipient_name: z.string().nullable(),
  delivered_at: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  accuracy: z.number().nullable(),
  recorded_by: z.string().nullable(),
  recorded_at: z.string().nullable(),
  signature_key: z.string().nullable(),
  photo_key: z.string().nullable(),
  photo_type: z.string().nullable(),
});

/**
 * A shipment's proof as the caller may see it: a driver only for a stop of their own run (403 otherwise,
 * whether or not it exists), 404 without a shipment or a proof.
 */
async function authorizedProof(db: Client, trackingNumber: string, user: SessionUser) {
  const { rows } = await db.execute({
    sql: `SELECT s.tracking_number,
                 ${onDriversRun()} AS on_run,
                 p.recipient_name, p.delivered_at, p.latitude, p.longitude, p.accuracy, p.recorded_at,
                 (SELECT u.email FROM admin_users u WHERE u.id = p.recorded_by) AS recorded_by,
                 p.signature_key, p.photo_key, p.photo_type
          FROM shipments s LEFT JOIN proofs p ON p.shipment_id = s.id WHERE s.tracking_number = ?`,
    args: [user.id, trackingNumber],
  });
  const row = decodeFirst(proofRowSchema, rows);
  if (user.role === 'driver' && !row?.on_run) throw new HttpError(403, NOT_YOUR_STOP);
  if (!row) throw new HttpError(404, SHIPMENT_NOT_FOUND);
  if (row.signature_key === null) throw new HttpError(404, PROOF_NOT_FOUND);
  return row;
}

/** `GET /api/shipments/{n}/proof`: who signed, when, where, and who recorded it. */
export async function readProof(db: Client, trackingNumber: string, user: SessionUser): Promise<Proof> {
  const row = await authorizedProof(db, trackingNumber, user);
  return proofSchema.parse({ ...row, has_photo: row.photo_key !== null });
}

/** `GET /api/shipments/{n}/proof/{image}`: the signature or photo, to whom may read the proof. */
export async function proofImage(
  db: Client,
  trackingNumber: string,
  image: ProofImage,
  user: SessionUser,
): Promise<Picture> {
  return imageOf(await authorizedProof(db, trackingNumber, user), image);
}

const revealedSchema = z.object({
  revealed: sqlBoolean,
  signature_key: z.string().nullable(),
  photo_key: z.string().nullable(),
  photo_type: z.string().nullable(),
});

/**
 * `GET /api/tracking/{n}/proof/{image}`: the image for the recipient's browser, checked as the reveal's
 * details are (its reveal token for this shipment, unexpired); 403 otherwise.
 */
export async function revealedProofImage(
  db: Client,
  trackingNumber: string,
  image: ProofImage,
  revealToken: string | null,
  now = new Date(),
): Promise<Picture> {
  const { rows } = await db.execute({
    sql: `SELECT ${REVEALED} AS revealed, p.signature_key, p.photo_key, p.photo_type
          FROM shipments s LEFT JOIN proofs p ON p.shipment_id = s.id WHERE s.tracking_number = ?`,
    args: [revealToken ? hashToken(revealToken) : '', now.toISOString(), trackingNumber],
  });
  const row = decodeFirst(revealedSchema, rows);
  if (!row) throw new HttpError(404, TRACKING_NOT_FOUND);
  if (!row.revealed) throw new HttpError(403, "Reveal the shipment first: prove the recipient's email or phone.");
  return imageOf(row, image);
}

async function imageOf(
  row: { signature_key: string | null; photo_key: string | null; photo_type: string | null },
  image: ProofImage,
): Promise<Picture> {
  const [key, type] = image === 'signature' ? [row.signature_key, 'image/png'] : [row.photo_key, row.photo_type];
  if (key === null || type === null)
    throw new HttpError(404, image === 'photo' ? 'This proof has no photo.' : PROOF_NOT_FOUND);
  const bytes = await proofImages().get(key, { type: 'arrayBuffer' });
  if (bytes === null) throw new HttpError(404, PROOF_NOT_FOUND);
  return { type, bytes: new Uint8Array(bytes) };
}
