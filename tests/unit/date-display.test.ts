import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderEmail } from '../../netlify/lib/emails';
import { ShipmentFacts } from '../../src/admin/screens/view-shipment/ShipmentFacts';
import { TrackingResultPanel } from '../../src/islands/TrackingResultPanel';
import type { TrackingResult } from '../../src/islands/tracking-view';
import { formatDate, formatDateTime } from '../../src/lib/date-display';
import type { CompanySettingsValue } from '../../src/lib/schemas/settings';
import type { Shipment } from '../../src/lib/schemas/shipment/shipment';

// Every test here runs ten hours behind UTC, where midnight UTC of a calendar date is still the evening
// before: a formatter that read a date as a local moment would show the day before.
const WEST = 'Pacific/Honolulu';
const DAY = '2026-11-24';

let zoneBefore: string | undefined;
beforeAll(() => {
  zoneBefore = process.env.TZ;
  process.env.TZ = WEST;
});
afterAll(() => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

describe('date display', () => {
  it('runs in a zone where the midnight of a calendar date falls on the day before', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(WEST);
    expect(new Date(`${DAY}T00:00:00Z`).getDate()).toBe(23);
  });

  it('shows a calendar date as that very day, in every style and locale', () => {
    expect(formatDate(DAY, { locale: 'en-US' })).toBe('Nov 24, 2026');
    expect(formatDate(DAY, { locale: 'en-US', style: 'full' })).toBe('Tuesday, November 24, 2026');
    expect(formatDate(DAY, { locale: 'en-GB', style: 'long' })).toBe('24 November 2026');
    // A zone given for instants never moves a calendar date.
    expect(formatDate(DAY, { locale: 'en-US', timeZone: 'Pacific/Kiritimati' })).toBe('Nov 24, 2026');
    expect(formatDate(DAY, { locale: 'en-US', timeZone: 'Pacific/Pago_Pago' })).toBe('Nov 24, 2026');
    expect(formatDateTime(DAY, { locale: 'en-US' })).toBe('Nov 24, 2026');
    expect(formatDate('2024-02-29', { locale: 'en-US' })).toBe('Feb 29, 2024');
  });

  it("shows an instant's day and time in the reader's zone", () => {
    const instant = '2026-11-24T02:30:00.000Z';
    expect(formatDate(instant, { locale: 'en-US' })).toBe('Nov 23, 2026');
    expect(formatDateTime(instant, { locale: 'en-US' })).toBe('Nov 23, 2026, 4:30 PM');
    expect(formatDateTime(instant, { locale: 'en-US', timeZone: 'UTC' })).toBe('Nov 24, 2026, 2:30 AM');
    expect(formatDateTime(instant, { locale: 'en-GB', timeZone: 'UTC', style: 'long' })).toBe(
      '24 November 2026 at 02:30',
    );
  });

  it('shows a dash for no date and the text itself for one it cannot read', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatDate('soon')).toBe('soon');
    expect(formatDateTime('soon')).toBe('soon');
  });
});

describe('every screen, page and email shows the same day', () => {
  it("the public tracking page's estimated and actual delivery", () => {
    const result = {
      tracking_number: 'NEC1234567890',
      status: 'delivered',
      estimated_delivery: DAY,
      delivery_date: DAY,
      arrival_time: null,
      histories: [],
      weight: null,
      sender_name: 'A Sender',
      recipient_address: 'Hamburg, Germany',
      destination: 'Hamburg, Germany',
      origin: 'Lisbon, Portugal',
      current_location: null,
      address_revealed: false,
      can_reveal: false,
      route: { origin: null, destination: null, current: null },
      pieces: { total: 1, delivered: 1 },
    } as unknown as TrackingResult;
    const html = renderToStaticMarkup(createElement(TrackingResultPanel, { result }));
    const day = formatDate(DAY, { style: 'full' });
    expect(day).toMatch(/24/);
    expect(html.split(day).length - 1).toBe(2);
  });

  it("the admin's shipment view", () => {
    const shipment = {
      tracking_number: 'NEC1234567890',
      status: 'in_transit',
      weight: null,
      declared_value: null,
      customs_fees: null,
      order_date: '2026-11-20',
      shipping_date: '2026-11-21',
      estimated_delivery: DAY,
      delivery_date: null,
      arrival_time: null,
      pieces: [],
    } as unknown as Shipment;
    const html = renderToStaticMarkup(createElement(ShipmentFacts, { shipment }));
    for (const [term, date] of [
      ['Order date', '2026-11-20'],
      ['Shipping date', '2026-11-21'],
      ['Estimated delivery', DAY],
    ]) {
      expect(html).toContain(`${term}</dt><dd class="text-slate-900">${formatDate(date)}</dd>`);
    }
    expect(formatDate('2026-11-20')).toMatch(/20/);
  });

  it('the emails, where the day and the moment are spelled out in UTC', () => {
    const company: CompanySettingsValue = {
      company_name: 'Northeast Courier',
      website: null,
      email: 'desk@example.com',
      phone: '+1 555 0100',
      address: '1 Quay',
      city: 'Boston',
      state: null,
      postal_code: null,
      time_zone: 'UTC',
    };
    const email = renderEmail(
      'status_update',
      'customer',
      {
        tracking_number: 'NEC1234567890',
        status: 'in_transit',
        origin: 'Lisbon, Portugal',
        destination: 'Hamburg, Germany',
        estimated_delivery: DAY,
        at: '2026-11-20T02:30:00.000Z',
      },
      company,
      { site: 'https://example.com', token: null },
    );
    expect(email.text).toContain('24 November 2026');
    expect(email.text).toContain('20 November 2026 at 02:30 UTC');
    const summary = renderEmail(
      'daily_summary',
      'staff',
      {
        date: DAY,
        created: 1,
        delivered: 0,
        status_changes: 0,
        active: 1,
        on_hold: [],
        on_hold_total: 0,
      },
      company,
      { site: 'https://example.com', token: null },
    );
    expect(summary.subject).toBe('Daily summary for 24 November 2026');
  });

  it('no other module formats a date for people', () => {
    const shared = join('src', 'lib', 'date-display.ts');
    // company-day.ts reads an instant's wall clock in the company's zone to compute days, and shows none.
    const computesDays = join('src', 'lib', 'company-day.ts');
    const formatting = /toLocaleDateString|toLocaleTimeString|dateStyle|timeStyle|month: '(?:short|long)'/;
    const offenders = ['src', 'netlify']
      .flatMap((root) => readdirSync(root, { recursive: true, encoding: 'utf8' }).map((file) => join(root, file)))
      .filter((file) => /\.(?:ts|tsx|astro)$/.test(file) && file !== shared && file !== computesDays)
      .filter((file) => formatting.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
