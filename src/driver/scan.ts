import { parseScanCode } from '@/lib/pieces';

/**
 * Reads a waybill's barcode or QR code from a photo taken with the camera. The browser's own
 * BarcodeDetector where it has one; otherwise the barcode-detector package, whose ZXing WebAssembly is
 * served from this site (bundled as an asset), never from a CDN. Loaded only when the driver scans.
 */

const FORMATS = ['code_128', 'qr_code'];

interface Detector {
  detect(image: ImageBitmapSource): Promise<Array<{ rawValue: string }>>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

async function detectorClass(): Promise<DetectorClass> {
  const native = (
    window as unknown as { BarcodeDetector?: DetectorClass & { getSupportedFormats(): Promise<string[]> } }
  ).BarcodeDetector;
  if (native) {
    const supported = await native.getSupportedFormats();
    if (FORMATS.every((format) => supported.includes(format))) return native;
  }
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
  });
  return BarcodeDetector as unknown as DetectorClass;
}

/**
 * The tracking number, or a piece's barcode, a code in the photo carries (alone, or in a tracking link), or null
 * when none does. A piece's own barcode wins over the label's QR code, which names only the shipment.
 */
export async function scanNumber(photo: Blob): Promise<string | null> {
  const Detector = await detectorClass();
  const bitmap = await createImageBitmap(photo);
  try {
    const codes = await new Detector({ formats: FORMATS }).detect(bitmap);
    const found = codes.flatMap(({ rawValue }) => {
      const code = rawValue.toUpperCase().match(/NEC[A-Z0-9]{9}(?:-[1-9]\d{0,2}(?!\d))?/)?.[0];
      return code && parseScanCode(code) ? [code] : [];
    });
    return found.find((code) => code.includes('-')) ?? found[0] ?? null;
  } finally {
    bitmap.close();
  }
}
