import { fullAddress } from './company';

/**
 * The company's offices where a parcel can wait for collection, by the code a shipment stores
 * (migration 025 writes the same rows into `depots`; tests/api/exceptions-depots.test.ts keeps them equal).
 */
export const DEPOTS = [
  { code: 'sacramento', city: 'Sacramento', country: 'United States', address: fullAddress() },
  {
    code: 'london',
    city: 'London',
    country: 'United Kingdom',
    address: '40 Bank Street, Canary Wharf, London E14 5NR',
  },
  { code: 'sydney', city: 'Sydney', country: 'Australia', address: '200 George Street, Sydney NSW 2000' },
] as const;

export type DepotCode = (typeof DEPOTS)[number]['code'];
export const DEPOT_CODES = DEPOTS.map((depot) => depot.code) as [DepotCode, ...DepotCode[]];

export const depotOf = (code: DepotCode) => DEPOTS.find((depot) => depot.code === code) ?? DEPOTS[0];
