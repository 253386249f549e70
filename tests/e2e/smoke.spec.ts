import { expect, test } from '@playwright/test';
import { buildSeedShipments } from '../../db/seed';
import { company } from '../../src/data/company';

test('the home page renders in the site layout', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(company.name);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the served tracking function reads the seeded database', async ({ request }) => {
  const sample = buildSeedShipments()[0]!;
  const response = await request.get(`/api/tracking/${sample.tracking_number}`);
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.status).toBe(true);
  expect(body.data.tracking_number).toBe(sample.tracking_number);
  expect(body.data.histories).toHaveLength(sample.histories.length);
});
