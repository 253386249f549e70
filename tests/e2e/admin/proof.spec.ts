import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import ts from 'typescript';
import { setAdminPassword } from '../../../netlify/lib/admin-users';
import { openE2eDatabase } from '../../helpers/e2e-db';
import { addShipment, putOnRun, signaturePng } from '../../helpers/proof-stops';
import { signedIn } from './session';
import { hydrated } from './sign-in';

// Proof of delivery as people see it: the driver's phone records it through the API (its screen is another
// module's), staff see it on the shipment and print it, the public page says who signed and, after the
// reveal, shows the signature and photo. The photo shrink runs in the browser it is written for.

// Each test builds its data, signs in and checks two screens with axe: minutes on a busy machine.
test.describe.configure({ timeout: 180_000 });

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** An image the browser loaded and decoded (the authorized call answered it). */
const expectLoaded = (image: Locator) =>
  expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
    .toBeGreaterThan(0);

/** A delivered stop: a driver of its own, the shipment on their run, the proof sent as their phone sends it. */
async function deliveredStop(request: APIRequestContext, baseURL: string): Promise<string> {
  const driver = { email: `proof-driver-${Date.now()}@nec-cargo.example`, password: 'a long e2e driver password' };
  const db = openE2eDatabase();
  let number: string;
  try {
    await setAdminPassword(db, driver.email, driver.password, 'driver');
    const { rows } = await db.execute({ sql: 'SELECT id FROM admin_users WHERE email = ?', args: [driver.email] });
    number = await addShipment(db);
    await putOnRun(db, Number(rows[0]?.id), number);
  } finally {
    db.close();
  }
  const headers = { Origin: baseURL };
  const login = await request.post('/api/admin/login', { headers, data: driver });
  expect(login.status()).toBe(200);
  const cookie = login.headers()['set-cookie']!.split(';')[0]!;
  const recorded = await request.post(`/api/driver/stops/${number}/proof`, {
    headers: { ...headers, Cookie: cookie },
    multipart: {
      event_id: crypto.randomUUID(),
      recipient_name: 'Jane Smith',
      signature: { name: 'signature.png', mimeType: 'image/png', buffer: Buffer.from(signaturePng()) },
      // A photo the browser can show: a PNG is one of the types the phone may send.
      photo: { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from(signaturePng()) },
      latitude: '38.58157',
      longitude: '-121.4944',
      accuracy: '8',
      delivered_at: new Date(Date.now() - 60_000).toISOString(),
    },
  });
  expect(recorded.status(), await recorded.text()).toBe(200);
  expect((await recorded.json()).data.result).toBe('applied');
  return number;
}

test('staff see the proof on the shipment and print it on one page', async ({ page, request, baseURL }) => {
  const number = await deliveredStop(request, baseURL!);
  await signedIn(page, `/admin/view_shipment/${number}`);
  // The panel's own section (the screen's outer section holds the recipient's name too).
  const panel = page.getByRole('heading', { level: 2, name: 'Proof of delivery' }).locator('xpath=..');
  await expect(panel.getByText('Jane Smith')).toBeVisible();
  await expect(panel.getByText('38.58157, -121.49440 (within 8 m)')).toBeVisible();
  await expectLoaded(panel.getByRole('img', { name: 'Signature of Jane Smith' }));
  await expectLoaded(panel.getByRole('img', { name: `The parcel ${number} where it was delivered` }));
  await expectNoViolations(page);

  const [print] = await Promise.all([
    page.context().waitForEvent('page'),
    panel.getByRole('link', { name: /Print proof of delivery/ }).click(),
  ]);
  await expect(print.getByRole('heading', { level: 1, name: `Proof of delivery ${number}` })).toBeVisible();
  const timeline = print.getByRole('list', { name: 'Timeline, oldest first' });
  await expect(timeline.getByRole('listitem')).toHaveCount(2);
  await expect(timeline.getByRole('listitem').last()).toContainText('Delivered, signed by J. S.');
  await expectLoaded(print.getByRole('img', { name: 'Signature of Jane Smith' }));
  await expect(print.getByRole('button', { name: 'Print' })).toBeVisible();
  await expectNoViolations(print);
});

test('the public page says who signed, and shows the images only after the reveal', async ({
  page,
  request,
  baseURL,
}) => {
  const number = await deliveredStop(request, baseURL!);
  await page.goto(`/track?number=${number}`);
  await hydrated(page);
  const proof = page.getByTestId('delivery-proof');
  await expect(proof).toContainText('signed by J. S.');
  await expect(proof).not.toContainText('Jane');
  await expect(proof.getByRole('img')).toHaveCount(0);
  await expectNoViolations(page);

  await page.getByRole('button', { name: 'Show full address' }).click();
  await page.getByLabel("Recipient's email or last 4 digits of their phone").fill('jane.smith@example.com');
  await page.getByRole('button', { name: 'Show address' }).click();
  await expectLoaded(proof.getByRole('img', { name: 'Signature of J. S.' }));
  await expectLoaded(proof.getByRole('img', { name: 'The parcel where it was delivered' }));
  await expectNoViolations(page);
});

/** src/lib/photo.ts as the browser runs it: the module's own code, its exports returned. */
const photoModule = () => {
  const source = readFileSync(new URL('../../../src/lib/photo.ts', import.meta.url), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  });
  return `${outputText.replace(/^export /gm, '')}\n({ shrinkPhoto });`;
};

test('a photo is shrunk in the browser to 1600 px and 500 KB, its metadata gone', async ({ page }) => {
  // A blank page: the site's Content-Security-Policy rightly refuses eval.
  await page.goto('about:blank');
  const result = await page.evaluate(async (code) => {
    // biome-ignore lint/security/noGlobalEval: the test runs the module's own source in the page
    const photo = eval(code) as { shrinkPhoto: (file: File) => Promise<Blob> };
    // A camera's photo: 4000 × 3000 of noise (hard to compress), with an EXIF block naming a GPS position.
    const canvas = new OffscreenCanvas(4000, 3000);
    const context = canvas.getContext('2d')!;
    const pixels = context.createImageData(4000, 3000);
    for (let i = 0; i < pixels.data.length; i++) pixels.data[i] = i % 4 === 3 ? 255 : (i * 2654435761) >>> 24;
    context.putImageData(pixels, 0, 0);
    const jpeg = new Uint8Array(
      await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.95 })).arrayBuffer(),
    );
    const exif = new TextEncoder().encode('Exif\0\0GPSLatitude 38.58 GPSLongitude -121.49');
    const segment = new Uint8Array([0xff, 0xe1, (exif.length + 2) >> 8, (exif.length + 2) & 0xff, ...exif]);
    const camera = new File([jpeg.subarray(0, 2), segment, jpeg.subarray(2)], 'camera.jpg', { type: 'image/jpeg' });
    const shrunk = await photo.shrinkPhoto(camera);
    const bytes = new Uint8Array(await shrunk.arrayBuffer());
    const bitmap = await createImageBitmap(shrunk);
    const text = new TextDecoder('latin1').decode(bytes);
    const refusals = [];
    for (const file of [
      new File(['not a photo'], 'notes.txt', { type: 'text/plain' }),
      new File(['not a photo'], 'fake.jpg', { type: 'image/jpeg' }),
    ]) {
      refusals.push(
        await photo.shrinkPhoto(file).then(
          () => 'accepted',
          (error: Error) => error.message,
        ),
      );
    }
    return {
      before: camera.size,
      type: shrunk.type,
      size: shrunk.size,
      width: bitmap.width,
      height: bitmap.height,
      exif: text.includes('Exif') || text.includes('GPS'),
      refusals,
    };
  }, photoModule());
  expect(result.before).toBeGreaterThan(500 * 1024);
  expect(result).toMatchObject({ type: 'image/jpeg', width: 1600, height: 1200, exif: false });
  expect(result.size).toBeLessThanOrEqual(500 * 1024);
  expect(result.refusals).toEqual(Array(2).fill('This file is not a photo: choose a JPEG, PNG or WebP image.'));
});
