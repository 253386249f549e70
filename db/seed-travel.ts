import { weightLimitsKg } from '@/data/services';
import { SEED_CITIES, SEED_CITY_FACTS, type SEED_COURIERS, type SEED_PACKAGE_TYPES, type SeedCity } from './seed-data';

/**
 * How the demo parcels travel: the distances between the demo cities, the ways a parcel plausibly goes,
 * the hubs on its way and its days in transit, drawn by a deterministic PRNG so the demo never changes.
 */

export type Rng = ReturnType<typeof random>;

/** A small deterministic PRNG (mulberry32), so the demo data and its tracking numbers never change. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    // biome-ignore lint/style/noNonNullAssertion: next() is in [0, 1), so the index is inside a non-empty list (the seed lists are constants)
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

export const country = (city: SeedCity) => city.split(', ')[1] ?? '';

/** Great-circle distance in km between two demo cities. */
function distanceKm(from: SeedCity, to: SeedCity): number {
  const a = SEED_CITY_FACTS[from];
  const b = SEED_CITY_FACTS[to];
  const radians = Math.PI / 180;
  const h =
    Math.sin(((b.latitude - a.latitude) * radians) / 2) ** 2 +
    Math.cos(a.latitude * radians) *
      Math.cos(b.latitude * radians) *
      Math.sin(((b.longitude - a.longitude) * radians) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** The length of a route through its stops, in km. */
const routeKm = (stops: readonly SeedCity[]): number =>
  // biome-ignore lint/style/noNonNullAssertion: index runs over stops.slice(1), so stops[index] is the stop before city
  stops.slice(1).reduce((sum, city, index) => sum + distanceKm(stops[index]!, city), 0);

/** How far past the straight line a route may go through its hubs: a hub on the way, not one across the globe. */
const MAX_DETOUR = 1.15;

export type Mode = keyof typeof SEED_COURIERS;
export type PackageType = (typeof SEED_PACKAGE_TYPES)[number]['type'];

/** The ways a parcel of this weight plausibly travels between two cities. */
export function modesBetween(
  origin: SeedCity,
  destination: SeedCity,
  type: PackageType,
  kg: number,
  delivered: boolean,
): Mode[] {
  const km = distanceKm(origin, destination);
  const from = SEED_CITY_FACTS[origin];
  const to = SEED_CITY_FACTS[destination];
  const modes: Mode[] = [];
  if (country(origin) === country(destination) && km <= 500 && kg <= weightLimitsKg.sameDay) modes.push('sameDay');
  if (from.land === to.land && km <= 3000) modes.push('road');
  if (km > 500) modes.push('air');
  // A sailing takes weeks: not for express parcels or papers, nor a shipment delivered within the last days.
  const urgent = type === 'Express' || type === 'Documents';
  if (from.land !== to.land && from.port && to.port && !urgent && !delivered) modes.push('sea');
  return modes;
}

/** Up to `count` hubs on the way from origin to destination (ports only for a sailing), in the order they are passed. */
export function hubsOnTheWay(origin: SeedCity, destination: SeedCity, mode: Mode, count: number, rng: Rng): SeedCity[] {
  const direct = distanceKm(origin, destination);
  const candidates = SEED_CITIES.filter(
    (city) =>
      city !== origin &&
      city !== destination &&
      (mode !== 'sea' || SEED_CITY_FACTS[city].port) &&
      (mode !== 'road' || SEED_CITY_FACTS[city].land === SEED_CITY_FACTS[origin].land) &&
      distanceKm(origin, city) + distanceKm(city, destination) <= direct * MAX_DETOUR,
  );
  const hubs: SeedCity[] = [];
  while (hubs.length < count && candidates.length > 0) {
    const [hub] = candidates.splice(Math.floor(rng.next() * candidates.length), 1);
    // biome-ignore lint/style/noNonNullAssertion: splicing one entry out of a non-empty candidates list (the loop's condition) answers that entry
    const route = [...hubs, hub!].sort((a, b) => distanceKm(origin, a) - distanceKm(origin, b));
    if (routeKm([origin, ...route, destination]) <= direct * MAX_DETOUR) hubs.splice(0, hubs.length, ...route);
  }
  return hubs;
}

/** Days from shipping to delivery for each way of travel. */
export const TRANSIT_DAYS: Record<Mode, [number, number]> = {
  sameDay: [0, 0],
  road: [1, 5],
  air: [2, 6],
  sea: [18, 35],
};
