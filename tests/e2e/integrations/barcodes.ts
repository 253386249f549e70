import type { BrowserContext, Locator } from '@playwright/test';
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';

/**
 * Reads a barcode the way a scanner would: from a screenshot of what the page shows, decoded by
 * ZXing. The PNG is turned into grey levels on a blank page of the browser (no image library here).
 */
export async function decodeBarcode(
  context: BrowserContext,
  element: Locator,
  format: 'code128' | 'qr',
): Promise<string> {
  // A visible image may not be painted yet: a screenshot then holds a blank box and no code.
  await element.evaluate((image) => (image instanceof HTMLImageElement ? image.decode() : undefined));
  const png = await element.screenshot();
  const scratch = await context.newPage();
  try {
    const { width, height, grey } = await scratch.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context2d = canvas.getContext('2d')!;
      context2d.drawImage(image, 0, 0);
      const { data } = context2d.getImageData(0, 0, canvas.width, canvas.height);
      const levels: number[] = [];
      for (let index = 0; index < data.length; index += 4) {
        levels.push(Math.round(0.299 * data[index]! + 0.587 * data[index + 1]! + 0.114 * data[index + 2]!));
      }
      return { width: canvas.width, height: canvas.height, grey: levels };
    }, png.toString('base64'));
    const bitmap = new BinaryBitmap(
      new HybridBinarizer(new RGBLuminanceSource(Uint8ClampedArray.from(grey), width, height)),
    );
    const reader = new MultiFormatReader();
    const hints = new Map<DecodeHintType, unknown>([
      [DecodeHintType.POSSIBLE_FORMATS, [format === 'qr' ? BarcodeFormat.QR_CODE : BarcodeFormat.CODE_128]],
      [DecodeHintType.TRY_HARDER, true],
    ]);
    return reader.decode(bitmap, hints).getText();
  } finally {
    await scratch.close();
  }
}
