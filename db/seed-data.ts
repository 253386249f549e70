import type { ShipmentStatus } from '@/lib/shipment-status';

/** The five sample customers of the spec, as real records. */
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

export const SEED_CITIES = [
  'Sacramento, USA',
  'Los Angeles, USA',
  'New York, USA',
  'Chicago, USA',
  'Houston, USA',
  'Seattle, USA',
  'Toronto, Canada',
  'Mexico City, Mexico',
  'London, United Kingdom',
  'Manchester, United Kingdom',
  'Rotterdam, Netherlands',
  'Hamburg, Germany',
  'Paris, France',
  'Madrid, Spain',
  'Dubai, UAE',
  'Mumbai, India',
  'Singapore, Singapore',
  'Shanghai, China',
  'Tokyo, Japan',
  'Sydney, Australia',
  'Melbourne, Australia',
  'Auckland, New Zealand',
  'São Paulo, Brazil',
  'Johannesburg, South Africa',
] as const;

export const SEED_PACKAGE_TYPES = ['Standard', 'Express', 'Fragile', 'Documents', 'Pallet', 'Heavy Freight'] as const;

export const SEED_COURIERS = [
  { courier: 'NEC Air Express', method: 'Air freight' },
  { courier: 'NEC Ocean Lines', method: 'Sea freight' },
  { courier: 'NEC Road Network', method: 'Road freight' },
  { courier: 'NEC Same-Day', method: 'Same-day courier' },
] as const;

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

export const SEED_CONTENTS = [
  'Office chairs (4)',
  'Laboratory glassware',
  'Printed catalogues',
  'Laptop computers',
  'Spare engine parts',
  'Ceramic tableware',
  'Medical test kits',
  'Textile samples',
  'Solar panel inverters',
  'Legal documents',
  'Hand-made rugs',
  'Coffee beans (green)',
  'Camera equipment',
  'Household goods',
] as const;

/** How many of each final status the demo data holds (36 shipments in all). */
export const SEED_STATUS_COUNTS: Record<ShipmentStatus, number> = {
  delivered: 10,
  in_transit: 10,
  processing: 6,
  preparing: 5,
  on_hold: 5,
};
