/**
 * The proof photo, shrunk on the phone before it is sent: a JPEG at most 1600 px on its longest side and
 * 500 KB, drawn again through a canvas so none of the camera's metadata (EXIF, the GPS position) survives.
 * The sizes and qualities to try are planned by a pure function; the browser does the drawing.
 */

export const PHOTO_MAX_SIDE = 1600;
/** The server refuses a larger photo (src/lib/schemas/proof.ts). */
export const PHOTO_MAX_BYTES = 500 * 1024;
const QUALITIES = [0.85, 0.75, 0.65, 0.55, 0.45];
/** Each further round draws the photo this much smaller, when even the lowest quality is too large. */
const STEP_DOWN = 0.75;
const SMALLEST_SIDE = 200;

const NOT_AN_IMAGE = 'This file is not a photo: choose a JPEG, PNG or WebP image.';
const TOO_LARGE = 'This photo could not be made small enough: take it again.';

export interface ShrinkStep {
  width: number;
  height: number;
  quality: number;
}

/**
 * The encodings to try, in order, for a photo of this size: at most PHOTO_MAX_SIDE on its longest side
 * (never enlarged), the quality lowered step by step, then smaller sizes while the longest side stays at
 * least SMALLEST_SIDE.
 */
export function shrinkSteps(width: number, height: number): ShrinkStep[] {
  const steps: ShrinkStep[] = [];
  let scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(width, height));
  // The first size always, however small the photo; smaller ones while they stay a photo.
  do {
    const size = { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
    for (const quality of QUALITIES) steps.push({ ...size, quality });
    scale *= STEP_DOWN;
  } while (Math.max(width, height) * scale >= SMALLEST_SIDE);
  return steps;
}

/** Whether an encoded photo may be sent. */
export const fitsLimit = (bytes: number) => bytes <= PHOTO_MAX_BYTES;

/** A File in, a JPEG Blob out (see above); refuses a file that is not an image with a message for people. */
export async function shrinkPhoto(file: File): Promise<Blob> {
  if (!file.type.startsWith('image/')) throw new Error(NOT_AN_IMAGE);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new Error(NOT_AN_IMAGE);
  }
  try {
    for (const step of shrinkSteps(bitmap.width, bitmap.height)) {
      const canvas = new OffscreenCanvas(step.width, step.height);
      const context = canvas.getContext('2d');
      if (!context) break;
      context.drawImage(bitmap, 0, 0, step.width, step.height);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: step.quality });
      if (fitsLimit(blob.size)) return blob;
    }
  } finally {
    bitmap.close();
  }
  throw new Error(TOO_LARGE);
}
