/**
 * How every screen, page and sheet writes a weight: kilograms (as stored) first, pounds in brackets, the pounds
 * to as many decimals as the kilograms were given with ("30 kg (66 lbs)", "12.5 kg (27.6 lbs)").
 */
const KG_PER_LB = 0.45359237;

export function formatWeight(kg: number): string {
  const decimals = Math.min(2, (String(kg).split('.')[1] ?? '').length);
  const number = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: decimals });
  return `${number(kg)} kg (${number(kg / KG_PER_LB)} lbs)`;
}
