import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { measurePageWeights } from '../../../bench/page-weight';
import { company, supportHours } from '../../../src/data/company';
import { homeServices } from '../../../src/data/services';
import { E2E_SITE_DIR as DIST } from '../../helpers/e2e-server';

test('home services lead to their own part of the services page', async ({ page }) => {
  for (const service of homeServices) {
    await page.goto('/');
    await page.getByRole('link', { name: `Learn More about ${service.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/services/?#${service.id}$`));
    const card = page.locator(`#${service.id}`);
    await expect(card.getByRole('heading', { name: service.title })).toBeInViewport();
  }
});

test('support hours say what is open around the clock and what keeps office hours', async ({ page }) => {
  await page.goto('/contact');
  const hours = page.getByRole('heading', { name: 'Hours' }).locator('..');
  for (const line of supportHours) {
    await expect(hours.getByRole('term').filter({ hasText: `${line.service}: ${line.hours}` })).toBeVisible();
    await expect(hours.getByRole('definition').filter({ hasText: line.covers })).toBeVisible();
  }
  await expect(hours).toContainText('Online tracking: 24/7');
  await expect(hours).toContainText('Urgent line: 24/7');
  await expect(hours).toContainText(`Office: ${company.hours.office}`);
  await expect(page.getByRole('contentinfo')).toContainText(
    `Urgent line ${company.hours.urgentLine}: ${company.urgentPhone}`,
  );
});

test('/track loads at most 80 KB gzip of JavaScript; the route map and its data come later, on their own', () => {
  const track = measurePageWeights(DIST)?.find((row) => row.page === '/track');
  expect(track, 'the /track page is built').toBeDefined();
  expect(track!.initialGzip).toBeLessThanOrEqual(80 * 1024);
  expect(readdirSync(join(DIST, '_astro')).some((file) => /^RouteMap\..*\.js$/.test(file))).toBe(true);
});
