import { describe, expect, it } from 'vitest';
import { company } from '../../src/data/company';
import { faqGroups, servicesFaq } from '../../src/data/faq';
import { figures, yearsOfExperience } from '../../src/data/figures';
import { canonicalPath, publicPaths } from '../../src/data/navigation';
import { initials } from '../../src/data/people';
import { comparison, coreServices, featureCards, homeServices, specializedServices } from '../../src/data/services';
import { isCurrent } from '../../src/islands/Navbar';
import { formatWeight, lastUpdated, statusBadge } from '../../src/islands/tracking-view';
import { QUOTE_SERVICES } from '../../src/lib/quote-services';
import { quoteRequestSchema } from '../../src/lib/schemas/quote';

describe('tracking view helpers', () => {
  it('colours statuses case-insensitively and falls back to a grey Unknown', () => {
    expect(statusBadge('DELIVERED')).toMatchObject({ label: 'Delivered', key: 'delivered' });
    expect(statusBadge('Delivered').tone).toContain('green');
    expect(statusBadge('in_transit').tone).toContain('blue');
    expect(statusBadge('Processing').tone).toContain('yellow');
    expect(statusBadge('preparing').tone).toContain('amber');
    expect(statusBadge('on_hold').tone).toContain('orange');
    expect(statusBadge('lost at sea')).toMatchObject({ label: 'Unknown', key: 'unknown' });
    expect(statusBadge(undefined).tone).toContain('slate');
  });

  it('takes the newest history entry as the last update, whatever the order', () => {
    const entry = (created_at: string) => ({
      id: 1,
      status: 'processing' as const,
      notes: null,
      location_city: null,
      location_country: null,
      expected_arrival: null,
      reason: null,
      created_at,
    });
    expect(
      lastUpdated([entry('2026-01-02T10:00:00Z'), entry('2026-01-05T09:00:00Z'), entry('2026-01-03T00:00:00Z')]),
    ).toBe('2026-01-05T09:00:00Z');
    expect(lastUpdated([])).toBeNull();
  });

  it('shows a dash for a missing weight', () => {
    expect(formatWeight(null)).toBe('—');
    expect(formatWeight(12.5)).toBe('12.5 kg (27.6 lbs)');
  });
});

describe('navigation', () => {
  it('marks the current page, and the home link only on the home page', () => {
    expect(isCurrent('/', '/')).toBe(true);
    expect(isCurrent('/', '/about/')).toBe(false);
    expect(isCurrent('/about', '/about/')).toBe(true);
    expect(isCurrent('/track', '/tracking')).toBe(false);
  });

  it('lists every public page once for the sitemap', () => {
    expect(new Set(publicPaths).size).toBe(publicPaths.length);
    expect(publicPaths).toEqual(
      expect.arrayContaining(['/', '/about', '/services', '/track', '/contact', '/faq', '/terms', '/privacy']),
    );
    expect(publicPaths.map(canonicalPath)).toContain('/about/');
    expect(canonicalPath('/')).toBe('/');
  });
});

describe('site content', () => {
  it('has the five services questions first on the FAQ page, plus tracking, customs, claims and prohibited items', () => {
    expect(servicesFaq).toHaveLength(5);
    expect(faqGroups[0]!.questions).toBe(servicesFaq);
    expect(faqGroups.map((group) => group.id)).toEqual(['services', 'tracking', 'customs', 'claims', 'prohibited']);
  });

  it('makes avatar initials from first and last names', () => {
    expect(initials('Linda Chen')).toBe('LC');
    expect(initials('Marcus van der Berg')).toBe('MB');
    expect(initials('Cher')).toBe('C');
  });
});

describe('the company figures', () => {
  it('counts the years from the founding to the year the site is built', () => {
    expect(yearsOfExperience).toBe(new Date().getFullYear() - company.founded);
    expect(figures.years.value).toBe(String(yearsOfExperience));
  });

  it('agree with each other: a month of shipments fits the deliveries since the founding', () => {
    const { shipmentsMonthly, deliveries, itemsPacked, team } = figures;
    expect(shipmentsMonthly.count * 12).toBeLessThanOrEqual(deliveries.count);
    expect(deliveries.count).toBeLessThanOrEqual(shipmentsMonthly.count * 12 * yearsOfExperience);
    expect(itemsPacked.count).toBeLessThanOrEqual(deliveries.count);
    // A team handles some 20 shipments a person a working day, not thousands.
    expect(shipmentsMonthly.count / team.count / 21).toBeLessThanOrEqual(25);
    expect(figures.contractClients.count).toBeLessThanOrEqual(figures.clientsServed.count);
    expect(figures.airFreightCountries.count).toBeLessThanOrEqual(figures.directCountries.count);
    expect(figures.directCountries.count).toBeLessThanOrEqual(figures.partnerCountries.count);
  });

  it('counts warehouses and carriers as its partner network, not a fleet a team its size could own', () => {
    for (const { count, label } of [figures.partnerWarehouses, figures.carriers]) {
      if (count > figures.team.count / 10) expect(label).toMatch(/partner|we book/);
    }
  });

  it('shows each figure as its count, at least', () => {
    expect(figures.deliveries.value).toBe('10M+');
    expect(figures.shipmentsMonthly.value).toBe('90,000+');
    expect(figures.team.value).toBe('350+');
  });
});

describe('quote request schema', () => {
  it('requires name, a valid email and a listed service; phone is optional but well-formed', () => {
    expect(quoteRequestSchema.safeParse({ name: 'A', email: 'a@b.co', service: 'Transportation' }).success).toBe(true);
    const bad = quoteRequestSchema.safeParse({ name: '', email: 'x', phone: 'abc', service: '' });
    expect(bad.success).toBe(false);
    expect(new Set(bad.error!.issues.map((issue) => issue.path[0]))).toEqual(
      new Set(['name', 'email', 'phone', 'service']),
    );
    expect(
      quoteRequestSchema.safeParse({ name: 'A', email: 'a@b.co', phone: '+44 20 7946 0100', service: 'Warehousing' })
        .success,
    ).toBe(true);
  });
});

describe('the quote form', () => {
  it('offers the three general services first, then every other service the site sells', () => {
    expect(QUOTE_SERVICES.slice(0, 3)).toEqual(['Warehousing', 'Transportation', 'Freight Forwarding']);
    const sold = [
      ...featureCards.map((card) => card.title),
      ...homeServices.map((card) => card.title),
      ...coreServices.map((card) => card.title),
      ...specializedServices.map((service) => service.title),
      ...comparison.filter((row) => row.service !== 'International').map((row) => row.service),
    ];
    for (const service of sold) expect(QUOTE_SERVICES, service).toContain(service);
    expect(new Set(QUOTE_SERVICES).size).toBe(QUOTE_SERVICES.length);
  });

  it('takes optional origin, destination and approximate weight (as typed in a form)', () => {
    const base = { name: 'A', email: 'a@b.co', service: 'Heavy Freight' };
    expect(quoteRequestSchema.parse({ ...base, origin: ' Oslo ', destination: '', weight_kg: '12,5' })).toMatchObject({
      origin: 'Oslo',
      destination: undefined,
      weight_kg: 12.5,
    });
    expect(quoteRequestSchema.parse({ ...base, weight_kg: '' }).weight_kg).toBeUndefined();
    for (const weight_kg of ['heavy', '0', -3, 2_000_000]) {
      const result = quoteRequestSchema.safeParse({ ...base, weight_kg });
      expect(
        result.error?.issues.map((issue) => issue.path[0]),
        String(weight_kg),
      ).toEqual(['weight_kg']);
    }
  });
});
