import { weightLimitsKg } from '@/data/services';
import type { ShipmentStatus } from '@/lib/shipment-status';

/** The five sample customers of the demo data, as real records. */
export const SEED_CUSTOMERS = [
  {
    id: 'CUS-1001',
    name: 'Harbor Point Retail',
    contact: 'Maya Chen',
    email: 'logistics@harborpoint.example',
    phone: '+1 916 555 0142',
    status: 'active',
  },
  {
    id: 'CUS-1002',
    name: 'Redwood Furniture Co.',
    contact: 'Daniel Ortiz',
    email: 'shipping@redwoodfurniture.example',
    phone: '+1 503 555 0187',
    status: 'active',
  },
  {
    id: 'CUS-1003',
    name: 'Brightline Medical Supply',
    contact: 'Aisha Patel',
    email: 'orders@brightlinemed.example',
    phone: '+44 20 7946 0321',
    status: 'active',
  },
  {
    id: 'CUS-1004',
    name: 'Kestrel Electronics',
    contact: 'Tom Becker',
    email: 'tom.becker@kestrel.example',
    phone: '+49 30 5557 1290',
    status: 'inactive',
  },
  {
    id: 'CUS-1005',
    name: 'Southern Cross Traders',
    contact: 'Olivia Nguyen',
    email: 'olivia@southerncross.example',
    phone: '+61 2 5550 8841',
    status: 'active',
  },
] as const;

/**
 * Where each demo city lies (the gazetteer's coordinates, migration 008), the land it can be driven to on, and
 * whether it has a seaport, so demo routes go the way freight does: by road only over land, by sea only between
 * ports on different shores, through hubs that lie on the way.
 */
export const SEED_CITY_FACTS = {
  'Sacramento, USA': { latitude: 38.5816, longitude: -121.4944, land: 'north-america', port: false },
  'Los Angeles, USA': { latitude: 34.0522, longitude: -118.2437, land: 'north-america', port: true },
  'New York, USA': { latitude: 40.7128, longitude: -74.006, land: 'north-america', port: true },
  'Chicago, USA': { latitude: 41.8781, longitude: -87.6298, land: 'north-america', port: false },
  'Houston, USA': { latitude: 29.7604, longitude: -95.3698, land: 'north-america', port: true },
  'Seattle, USA': { latitude: 47.6062, longitude: -122.3321, land: 'north-america', port: true },
  'Toronto, Canada': { latitude: 43.6532, longitude: -79.3832, land: 'north-america', port: false },
  'Mexico City, Mexico': { latitude: 19.4326, longitude: -99.1332, land: 'north-america', port: false },
  'London, United Kingdom': { latitude: 51.5074, longitude: -0.1278, land: 'europe', port: true },
  'Manchester, United Kingdom': { latitude: 53.4808, longitude: -2.2426, land: 'europe', port: false },
  'Rotterdam, Netherlands': { latitude: 51.9244, longitude: 4.4777, land: 'europe', port: true },
  'Hamburg, Germany': { latitude: 53.5511, longitude: 9.9937, land: 'europe', port: true },
  'Paris, France': { latitude: 48.8566, longitude: 2.3522, land: 'europe', port: false },
  'Madrid, Spain': { latitude: 40.4168, longitude: -3.7038, land: 'europe', port: false },
  'Dubai, UAE': { latitude: 25.2048, longitude: 55.2708, land: 'arabia', port: true },
  'Mumbai, India': { latitude: 19.076, longitude: 72.8777, land: 'india', port: true },
  'Singapore, Singapore': { latitude: 1.3521, longitude: 103.8198, land: 'southeast-asia', port: true },
  'Shanghai, China': { latitude: 31.2304, longitude: 121.4737, land: 'china', port: true },
  'Tokyo, Japan': { latitude: 35.6762, longitude: 139.6503, land: 'japan', port: true },
  'Sydney, Australia': { latitude: -33.8688, longitude: 151.2093, land: 'australia', port: true },
  'Melbourne, Australia': { latitude: -37.8136, longitude: 144.9631, land: 'australia', port: true },
  'Auckland, New Zealand': { latitude: -36.8485, longitude: 174.7633, land: 'new-zealand', port: true },
  'São Paulo, Brazil': { latitude: -23.5505, longitude: -46.6333, land: 'south-america', port: false },
  'Johannesburg, South Africa': { latitude: -26.2041, longitude: 28.0473, land: 'africa', port: false },
} as const;

export type SeedCity = keyof typeof SEED_CITY_FACTS;

export const SEED_CITIES = Object.keys(SEED_CITY_FACTS) as SeedCity[];

/** Each demo package type, with the weights it plausibly has (kg) and what it plausibly holds. */
export const SEED_PACKAGE_TYPES = [
  {
    type: 'Standard',
    kg: [0.5, weightLimitsKg.standard],
    contents: ['Textile samples', 'Camera equipment', 'Ceramic tableware'],
  },
  { type: 'Express', kg: [0.2, weightLimitsKg.express], contents: ['Laptop computers', 'Medical test kits'] },
  { type: 'Fragile', kg: [1, 60], contents: ['Laboratory glassware', 'Ceramic tableware', 'Hand-made rugs'] },
  { type: 'Documents', kg: [0.1, 2], contents: ['Legal documents', 'Printed catalogues'] },
  { type: 'Pallet', kg: [100, 900], contents: ['Office chairs (40)', 'Coffee beans (green)', 'Household goods'] },
  {
    type: 'Heavy Freight',
    kg: [weightLimitsKg.heavyFreightFrom, 2500],
    contents: ['Spare engine parts', 'Solar panel inverters'],
  },
] as const;

/** How a demo shipment travels, and the courier of each way. */
export const SEED_COURIERS = {
  air: { courier: 'NEC Air Express', method: 'Air freight' },
  sea: { courier: 'NEC Ocean Lines', method: 'Sea freight' },
  road: { courier: 'NEC Road Network', method: 'Road freight' },
  sameDay: { courier: 'NEC Same-Day', method: 'Same-day courier' },
} as const;

export const SEED_PEOPLE = [
  'James Carter',
  'Sofia Rossi',
  'Liam O’Connor',
  'Priya Sharma',
  'Noah Williams',
  'Emma Schmidt',
  'Lucas Martin',
  'Hannah Kim',
  'Mateo García',
  'Chloe Dubois',
  'Ethan Brown',
  'Amara Okafor',
  'Yuki Tanaka',
  'Grace Thompson',
  'Omar Haddad',
  'Isabella Silva',
  'Benjamin Lee',
  'Zara Ahmed',
] as const;

export const SEED_STREETS = [
  '1200 J Street',
  '45 Harbor Way',
  '310 Market Street',
  '8 Queen’s Road',
  '77 Collins Street',
  '19 Rue de Rivoli',
  '250 King Street West',
  '5 Orchard Boulevard',
  '900 Industrial Parkway',
  '61 Baker Street',
  '14 Hafenstraße',
  '3 Marine Parade',
] as const;

export const SEED_CONTENTS = [...new Set(SEED_PACKAGE_TYPES.flatMap((type) => type.contents))];

/** How many of each final status the demo data holds (36 shipments in all); the last-mile ones come from runs. */
export const SEED_STATUS_COUNTS: Partial<Record<ShipmentStatus, number>> = {
  delivered: 10,
  in_transit: 10,
  processing: 6,
  preparing: 5,
  on_hold: 5,
};
