import { code128, drawingSVG } from 'bwip-js/browser';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * Barcodes drawn as SVG by well-kept libraries (bwip-js, qrcode), shown as images: vector, so they
 * print sharp at any size, and never inserted into the page as markup.
 */

const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** A Code 128 barcode of the text, with the text printed under it. */
export function Code128({ text, className = '' }: { text: string; className?: string }) {
  const svg = code128(
    { bcid: 'code128', text, scale: 3, height: 14, includetext: true, textxalign: 'center', paddingwidth: 10 },
    drawingSVG(),
  );
  return <img src={svgSource(svg)} alt={`Code 128 barcode of ${text}`} className={className} />;
}

/** A QR code of the address. */
export function QrCode({ value, className = '' }: { value: string; className?: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toString(value, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then(
      (drawn) => current && setSvg(drawn),
      (error: unknown) => console.error('QR code could not be drawn', error),
    );
    return () => {
      current = false;
    };
  }, [value]);
  return svg ? (
    <img src={svgSource(svg)} alt={`QR code of ${value}`} className={className} />
  ) : (
    <span role="status" className={className}>
      Drawing the QR code…
    </span>
  );
}
