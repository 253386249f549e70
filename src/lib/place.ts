/**
 * Places as staff write them: "City, Country" or a country alone. The last comma separates the
 * country, so "Washington, D.C., USA" is the city "Washington, D.C." in "USA". Migration 008 splits
 * the old generated history notes by the same rule.
 */
export interface Place {
  city: string | null;
  country: string;
}

export function parsePlace(text: string): Place {
  const trimmed = text.trim();
  const comma = trimmed.lastIndexOf(',');
  if (comma < 0) return { city: null, country: trimmed };
  const city = trimmed.slice(0, comma).trim();
  return { city: city || null, country: trimmed.slice(comma + 1).trim() || city };
}

/** "City, Country", or the country alone; null when there is no place. */
export function formatPlace(city: string | null | undefined, country: string | null | undefined): string | null {
  if (!country) return city || null;
  return city ? `${city}, ${country}` : country;
}

/**
 * Whether an address lies in a destination: it names the destination's city (or the destination
 * itself when that is a country alone), case-insensitively. This is what keeps the public page's
 * "Destination" and the recipient's city from disagreeing.
 */
export function addressIsIn(address: string, destination: string): boolean {
  const { city, country } = parsePlace(destination);
  return address.toLocaleLowerCase().includes((city ?? country).toLocaleLowerCase());
}
