/**
 * A photo as proof of delivery keeps no more than is needed: re-encoded by a canvas (which drops the
 * camera's metadata, the place it was taken included), its longest side at most 1600 px, and JPEG
 * quality lowered until it fits in 500 KB.
 */

const LONGEST_SIDE = 1600;
const MAX_BYTES = 500 * 1024;

export async function shrinkPhoto(file: File): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, LONGEST_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  for (let quality = 0.85; ; quality -= 0.15) {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (!blob) throw new Error('This photo could not be read.');
    if (blob.size <= MAX_BYTES || quality <= 0.25) return blob;
  }
}
