import { formatPlace } from './place';

// How a tracking history entry is worded, the same on the public tracking page and in the admin.

export interface TimelineEntry {
  created_at: string;
  location_city: string | null;
  location_country: string | null;
  expected_arrival: string | null;
}

export interface EntryWording {
  /** Where the entry happened, or where the shipment is heading ("On the way to Zaragoza, Spain"). */
  place: string | null;
  /** The arrival time with its label: expected (still ahead when recorded) or already reached. */
  arrival: { label: 'Expected arrival' | 'Arrived'; time: string } | null;
}

/**
 * An entry never says a shipment is somewhere and still expected there: an expected arrival later than
 * the entry means it was on its way to the place; one at or before the entry's time is when it got there;
 * without one, the entry happened at the place.
 */
export function entryWording(entry: TimelineEntry): EntryWording {
  const place = formatPlace(entry.location_city, entry.location_country);
  const expected = entry.expected_arrival;
  if (!expected) return { place, arrival: null };
  const ahead = Date.parse(expected) > Date.parse(entry.created_at);
  return {
    place: place && ahead ? `On the way to ${place}` : place,
    arrival: { label: ahead ? 'Expected arrival' : 'Arrived', time: expected },
  };
}
