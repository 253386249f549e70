/** Tracking numbers: "NEC" followed by 9 characters from A-Z and 0-9. */
const TRACKING_PREFIX = 'NEC';
const TRACKING_BODY_LENGTH = 9;
export const TRACKING_NUMBER_PATTERN = /^NEC[A-Z0-9]{9}$/;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
// The largest multiple of 36 below 256: bytes at or above it are drawn again, so every
// character is equally likely (no modulo bias).
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

/** Draws a fresh tracking number from the platform's CSPRNG (browser and Node alike). */
export function generateTrackingNumber(): string {
  let body = '';
  while (body.length < TRACKING_BODY_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(16))) {
      if (byte < UNBIASED_LIMIT && body.length < TRACKING_BODY_LENGTH) body += ALPHABET[byte % ALPHABET.length];
    }
  }
  return TRACKING_PREFIX + body;
}

export const TRACKING_NUMBER_REQUIRED = 'Please enter a tracking number';

/** Trims and upper-cases what a person typed, the form every lookup uses. */
export function normalizeTrackingNumber(input: string): string {
  return input.trim().toUpperCase();
}

/** Says what is wrong with a (normalized) tracking number, or null when it is well-formed. */
export function trackingNumberProblem(value: string): string | null {
  if (value === '') return TRACKING_NUMBER_REQUIRED;
  if (!value.startsWith(TRACKING_PREFIX)) return `Tracking numbers start with ${TRACKING_PREFIX}`;
  if (value.length !== TRACKING_PREFIX.length + TRACKING_BODY_LENGTH) {
    return `Tracking numbers are ${TRACKING_PREFIX} followed by ${TRACKING_BODY_LENGTH} letters or digits`;
  }
  if (!TRACKING_NUMBER_PATTERN.test(value)) return 'Tracking numbers contain only letters A-Z and digits 0-9';
  return null;
}
