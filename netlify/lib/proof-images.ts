import { inflateSync } from 'node:zlib';
import type { PhotoType } from '@/lib/schemas/proof';

/**
 * What a proof's files really are, from their bytes (a declared type is whatever the sender says): a photo's
 * type from its magic bytes, and whether a signature PNG holds a stroke at all.
 */

/** The photo's type by its first bytes, or null when it is none the browser shows. */
export function photoTypeOf(bytes: Uint8Array): PhotoType | null {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  // RIFF....WEBP
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP') return 'image/webp';
  return null;
}

/** Bytes per pixel of an 8-bit PNG, by colour type: grey, RGB, palette, grey + alpha, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** A signature pad is a phone's width: a larger image is not one. */
const MAX_PIXELS = 4096 * 4096;

/**
 * What a signature PNG holds: `drawn` when its pixels differ (a stroke on the pad), `blank` when every pixel
 * is the same (nothing drawn: fully transparent, or one plain colour), `unreadable` when it is not a PNG a
 * canvas makes (8 or 16 bits a channel, not interlaced).
 */
export function signatureContent(bytes: Uint8Array): 'drawn' | 'blank' | 'unreadable' {
  if (photoTypeOf(bytes) !== 'image/png') return 'unreadable';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let header: { width: number; height: number; depth: number; colour: number; interlace: number } | undefined;
  const data: Uint8Array[] = [];
  for (let at = 8; at + 8 <= bytes.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR' && body.length >= 13) {
      header = {
        width: view.getUint32(at + 8),
        height: view.getUint32(at + 12),
        depth: body[8] ?? 0,
        colour: body[9] ?? 0,
        interlace: body[12] ?? 0,
      };
    }
    if (type === 'IDAT') data.push(body);
    if (type === 'IEND') break;
    at += 12 + length;
  }
  const channels = header ? CHANNELS[header.colour] : undefined;
  if (!header || !channels || (header.depth !== 8 && header.depth !== 16) || header.interlace !== 0) {
    return 'unreadable';
  }
  const { width, height } = header;
  if (width === 0 || height === 0 || width * height > MAX_PIXELS) return 'unreadable';
  const pixel = (channels * header.depth) / 8;
  const stride = width * pixel;
  let raw: Uint8Array;
  try {
    raw = inflateSync(Buffer.concat(data), { maxOutputLength: height * (stride + 1) });
  } catch {
    return 'unreadable';
  }
  if (raw.length !== height * (stride + 1)) return 'unreadable';
  return uniform(unfilter(raw, height, stride, pixel), pixel) ? 'blank' : 'drawn';
}

/** The scanlines without their filters (PNG's None, Sub, Up, Average and Paeth). */
function unfilter(raw: Uint8Array, height: number, stride: number, pixel: number): Uint8Array {
  const out = new Uint8Array(height * stride);
  for (let row = 0; row < height; row++) {
    const filter = raw[row * (stride + 1)];
    const line = raw.subarray(row * (stride + 1) + 1, (row + 1) * (stride + 1));
    const at = row * stride;
    for (let i = 0; i < stride; i++) {
      const left = i >= pixel ? (out[at + i - pixel] ?? 0) : 0;
      const up = row > 0 ? (out[at - stride + i] ?? 0) : 0;
      const corner = row > 0 && i >= pixel ? (out[at - stride + i - pixel] ?? 0) : 0;
      const predicted =
        filter === 1
          ? left
          : filter === 2
            ? up
            : filter === 3
              ? (left + up) >> 1
              : filter === 4
                ? paeth(left, up, corner)
                : 0;
      out[at + i] = ((line[i] ?? 0) + predicted) & 0xff;
    }
  }
  return out;
}

function paeth(left: number, up: number, corner: number): number {
  const estimate = left + up - corner;
  const [toLeft, toUp, toCorner] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - corner)];
  if (toLeft <= toUp && toLeft <= toCorner) return left;
  return toUp <= toCorner ? up : corner;
}

/** Every pixel equals the first. */
function uniform(pixels: Uint8Array, pixel: number): boolean {
  for (let i = pixel; i < pixels.length; i++) if (pixels[i] !== pixels[i % pixel]) return false;
  return true;
}
