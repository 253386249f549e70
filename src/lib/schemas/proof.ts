import { z } from 'zod';
import { PHOTO_MAX_BYTES } from '../photo';
import { blankToUndefined, text } from './fields';
import { SCAN_CLOCK_SKEW_MS } from './scans';
import { noControlCharacters } from './text';

// Proof of delivery: what the driver's phone posts (`POST /api/driver/stops/{n}/proof`, multipart) and what
// staff and the revealed recipient read back. The images' bytes are checked on the server (netlify/lib/proof-images.ts).

/** A drawn signature is a small PNG: under a few hundred bytes it cannot hold a stroke. */
const SIGNATURE_MIN_BYTES = 300;
const SIGNATURE_MAX_BYTES = 200 * 1024;
/** The whole upload: a photo, a signature and the fields, with room for multipart's framing. */
export const PROOF_MAX_BYTES = PHOTO_MAX_BYTES + SIGNATURE_MAX_BYTES + 16 * 1024;

/** The photo types every browser shows; which one a file is, its first bytes say (never its declared type). */
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

const fileField = (label: string) =>
  z.file({
    error: (issue) => (issue.input === undefined || issue.input === '' ? `${label} is required` : 'Must be a file'),
  });

/** A number sent as a form field: blank is absent. */
const optionalNumber = (min: number, max: number) =>
  z.preprocess((value) => {
    const given = blankToUndefined(value);
    return typeof given === 'string' ? Number(given.trim()) : given;
  }, z
    .number({ error: 'Must be a number' })
    .min(min, `Must be between ${min} and ${max}`)
    .max(max, `Must be between ${min} and ${max}`)
    .optional());

export const proofUploadSchema = z.object({
  event_id: z.preprocess(
    blankToUndefined,
    text(100, { required: 'Event id is required' }).meta({
      description: "The device's own id for this delivery (a UUID): a repeat is answered as a duplicate.",
    }),
  ),
  recipient_name: z.preprocess(
    blankToUndefined,
    text(100, { required: "The recipient's name is required" }).min(1, "The recipient's name is required"),
  ),
  signature: fileField('A signature')
    .min(SIGNATURE_MIN_BYTES, 'The signature is empty: ask the recipient to sign')
    .max(SIGNATURE_MAX_BYTES, `Must be at most ${SIGNATURE_MAX_BYTES / 1024} KB`)
    .meta({ description: 'The drawn signature, a PNG.' }),
  photo: z.preprocess(
    (value) => (value === '' || (value instanceof File && value.size === 0) ? undefined : value),
    fileField('A photo')
      .max(PHOTO_MAX_BYTES, `The photo must be at most ${PHOTO_MAX_BYTES / 1024} KB`)
      .optional()
      .meta({ description: 'A JPEG, PNG or WebP photo, at most 500 KB.' }),
  ),
  latitude: optionalNumber(-90, 90),
  longitude: optionalNumber(-180, 180),
  accuracy: optionalNumber(0, 100_000).meta({ description: 'In metres, as the device reports it.' }),
  delivered_at: z
    .string({ error: (issue) => (issue.input === undefined ? 'Delivery time is required' : 'Must be text') })
    .check(noControlCharacters())
    .pipe(z.iso.datetime({ offset: true, error: 'Must be an ISO 8601 date and time with a zone' }))
    .transform((value) => new Date(value).toISOString())
    // A device clock may run a little ahead (the scans' allowance); further is a wrong clock.
    .refine((value) => Date.parse(value) <= Date.now() + SCAN_CLOCK_SKEW_MS, 'Is in the future: check the clock')
    .meta({ description: 'When it was delivered, on the device (ISO 8601 with a zone); stored in UTC.' }),
});
export type ProofUpload = z.infer<typeof proofUploadSchema>;

export const proofRecordedSchema = z.object({
  result: z.enum(['applied', 'duplicate']).meta({
    description:
      'applied: delivered and the proof kept; duplicate: this event id was recorded before (nothing changed).',
  }),
  tracking_number: z.string(),
});

/** A proof as staff (and the stop's driver) read it. */
export const proofSchema = z.object({
  tracking_number: z.string(),
  recipient_name: z.string(),
  delivered_at: z.iso.datetime(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  accuracy: z.number().nullable().meta({ description: 'In metres.' }),
  has_photo: z.boolean(),
  recorded_by: z.string().nullable().meta({ description: "The driver's email (null once their account is gone)." }),
  recorded_at: z.iso.datetime(),
});
export type Proof = z.infer<typeof proofSchema>;

/** Which image of a proof: the drawn signature or the photo. */
export const PROOF_IMAGES = ['signature', 'photo'] as const;
export type ProofImage = (typeof PROOF_IMAGES)[number];
