import { formatWeight } from '@/lib/weight';
import { figures } from './figures';

/** The weight each parcel service takes, in kg: what the comparison table promises and the demo parcels respect. */
export const weightLimitsKg = { standard: 30, express: 20, sameDay: 10, heavyFreightFrom: 250 } as const;

/** One of the site's illustrations in public/images (all 320×200). */
export type Illustration = 'truck' | 'ship' | 'plane' | 'warehouse' | 'boxes' | 'house';

export interface ServiceCard {
  id: string;
  title: string;
  image: Illustration;
  description: string;
  link: string;
}

/** The home page's "Freight that moves the world": the three feature cards beside the stats. */
export const featureCards: readonly ServiceCard[] = [
  {
    id: 'air-freight',
    title: 'Air Freight',
    image: 'plane',
    description: `Time-critical cargo on our scheduled air freight to ${figures.airFreightCountries.value} countries, and on charter flights beyond them, with customs handled for you.`,
    link: '/services',
  },
  {
    id: 'ocean-freight',
    title: 'Ocean Freight',
    image: 'ship',
    description:
      'Full and shared container loads on the major trade lanes, booked, consolidated and tracked end to end.',
    link: '/services',
  },
  {
    id: 'road-freight',
    title: 'Road Freight',
    image: 'truck',
    description: 'Dedicated trucks and part loads across the continent, with live status updates at every hand-off.',
    link: '/services',
  },
];

/**
 * The home page's "Services for homes and businesses" and the services page's "Storage and Moving"
 * section: the same three services, each card on the home page leading to its own part of the services page.
 */
export const homeServices: readonly ServiceCard[] = [
  {
    id: 'modern-storage',
    title: 'Modern Storage',
    image: 'boxes',
    description:
      'Clean, climate-controlled and insured storage for pallets, stock and personal goods, by the week or the year.',
    link: '/services#modern-storage',
  },
  {
    id: 'house-shifting',
    title: 'House Shifting',
    image: 'house',
    description: 'Packing, loading, transport and unpacking for a home move across town or across borders.',
    link: '/services#house-shifting',
  },
  {
    id: 'smart-warehousing',
    title: 'Smart Warehousing',
    image: 'warehouse',
    description:
      'Barcode-scanned inventory, pick-and-pack and same-day dispatch from warehouses close to your customers.',
    link: '/services#smart-warehousing',
  },
];

/** Services page: Core Logistics Services, each card's Learn More leading to where that service is explained. */
export const coreServices: readonly ServiceCard[] = [
  {
    id: 'express-delivery',
    title: 'Express Delivery',
    image: 'truck',
    description: 'Door-to-door delivery in one to two business days, with a tracking number from the moment of pickup.',
    link: '/services#comparison',
  },
  {
    id: 'international-shipping',
    title: 'International Shipping',
    image: 'plane',
    description: `Air and ocean shipping to the ${figures.directCountries.value} countries we serve directly and the ${figures.partnerCountries.value} of our partner network, with export paperwork and customs clearance included.`,
    link: '/faq#customs',
  },
  {
    id: 'secure-packaging',
    title: 'Secure Packaging',
    image: 'boxes',
    description: 'Made-to-measure crates, foam and moisture barriers so goods arrive exactly as they left.',
    link: '/services#specialized',
  },
  {
    id: 'warehousing',
    title: 'Warehousing',
    image: 'warehouse',
    description: 'Short- and long-term storage with inventory reports, pick-and-pack and cross-docking.',
    link: '/services#storage-and-moving',
  },
  {
    id: 'supply-chain',
    title: 'Supply Chain Solutions',
    image: 'ship',
    description: 'Planning, purchase-order management and multi-modal routing that keep your stock moving on time.',
    link: '/services#how',
  },
  {
    id: 'cargo-insurance',
    title: 'Cargo Insurance',
    image: 'house',
    description: 'All-risk cover for the declared value of your goods, arranged when you book and settled quickly.',
    link: '/faq#claims',
  },
];

export interface Step {
  title: string;
  description: string;
}

export const howItWorks: readonly Step[] = [
  {
    title: 'Request a Quote',
    description:
      'Tell us what you are sending, from where and to where; we reply with a price within one business day.',
  },
  {
    title: 'Package Processing',
    description: 'We collect, weigh, pack and label your shipment and prepare any customs documents.',
  },
  {
    title: 'Delivery & Tracking',
    description: 'Your shipment travels with a tracking number you can check at any time until it is delivered.',
  },
];

export interface SpecializedService {
  title: string;
  description: string;
}

export const specializedServices: readonly SpecializedService[] = [
  {
    title: 'Heavy Freight',
    description: `Machinery, vehicles and oversized loads of ${formatWeight(weightLimitsKg.heavyFreightFrom)} and more, with cranes and flatbeds arranged.`,
  },
  {
    title: 'Fragile Items',
    description: 'Glass, art, instruments and electronics, packed by specialists and handled by hand.',
  },
  {
    title: 'Same-Day Delivery',
    description: 'Urgent documents and parcels collected and delivered within the same day in our metro areas.',
  },
  {
    title: 'Documentation',
    description: 'Commercial invoices, certificates of origin and customs declarations prepared and filed for you.',
  },
];

export interface ComparisonRow {
  service: string;
  time: string;
  weight: string;
  tracking: boolean;
}

/** The services page's comparison table: delivery time, weight limit and tracking per service. */
export const comparison: readonly ComparisonRow[] = [
  {
    service: 'Standard Delivery',
    time: '3-5 days',
    weight: `Up to ${formatWeight(weightLimitsKg.standard)}`,
    tracking: true,
  },
  {
    service: 'Express Delivery',
    time: '1-2 days',
    weight: `Up to ${formatWeight(weightLimitsKg.express)}`,
    tracking: true,
  },
  {
    service: 'Same-Day Delivery',
    time: 'Same day',
    weight: `Up to ${formatWeight(weightLimitsKg.sameDay)}`,
    tracking: true,
  },
  { service: 'International', time: '3-10 days', weight: 'Varies by region', tracking: true },
  {
    service: 'Heavy Freight',
    time: '5+ days',
    weight: `${formatWeight(weightLimitsKg.heavyFreightFrom)} and more`,
    tracking: true,
  },
];

export interface Tile {
  title: string;
  description: string;
}

/** The home page's "Shipping made simple" tiles (information only, no links). */
export const homeTiles: readonly Tile[] = [
  {
    title: 'Call Back From Office',
    description: 'Leave your number with the quote form and our office calls you back the same business day.',
  },
  {
    title: 'Delivery Availability',
    description: 'Deliveries run seven days a week in most cities, with evening slots on request.',
  },
  { title: 'Online Shipping', description: 'Request quotes and track every shipment online, with no account needed.' },
  {
    title: 'Global Access',
    description: `A partner network reaching ${figures.partnerCountries.value} countries by air, sea and road; ${figures.directCountries.value} of them served by our own teams.`,
  },
];
