import { type BrowserContext, type Locator, test } from '@playwright/test';
import {
  BarcodeFormat,
  BinaryBitmap,
  ChecksumException,
  DecodeHintType,
  FormatException,
  HybridBinarizer,
  MultiFormatReader,
  NotFoundException,
  RGBLuminanceSource,
} from '@zxing/library';

type Format = 'code128' | 'qr';

/** What ZXing throws when it reads no code: none found, or one that did not decode. */
const NO_READ = [NotFoundException, ChecksumException, FormatException];

/**
 * Reads a barcode the way a scanner would: from screenshots of what the page shows, decoded by ZXing,
 * until one reads (a scanner keeps trying too: on a busy machine a screenshot now and then held no
 * readable code) or for ten seconds. What it reads is the answer, right or wrong.
 */
export async function decodeBarcode(context: BrowserContext, element: Locator, format: Format): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const png = await screenshotOf(element);
    const text = await decodePng(context, png, format);
    if (text !== null) return text;
    if (Date.now() > deadline) {
      await test.info().attach('unreadable barcode', { body: png, contentType: 'image/png' });
      throw new Error(`No ${format} barcode could be read from ${element}`);
    }
  }
}

async function screenshotOf(element: Locator): Promise<Buffer> {
  // A visible image may not be painted yet: a screenshot then holds a blank box and no code.
  await element.evaluate((image) => (image instanceof HTMLImageElement ? image.decode() : undefined));
  return element.screenshot();
}

/** The text of the barcode in the PNG, or null when there is none to read. */
async function decodePng(context: BrowserContext, png: Buffer, format: Format): Promise<string | null> {
  // The PNG is turned into grey levels on a blank page of the browser (no image library here).
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
  } catch (error) {
    if (NO_READ.some((kind) => error instanceof kind)) return null;
    throw error;
  } finally {
    await scratch.close();
  }
}
