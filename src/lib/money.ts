/**
 * Prices, as quote offers state them: whole cents of a currency. The company settings have no currency,
 * so offers are in the one the site shows (its terms and declared values are in US dollars).
 */
export const SITE_CURRENCY = 'USD';

/** A price for people: "USD 1,250.00" reads the same in every mail program and locale. */
export function formatMoney(cents: number, currency: string): string {
  const amount = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    cents / 100,
  );
  return `${currency} ${amount}`;
}
