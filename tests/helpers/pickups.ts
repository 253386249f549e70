import bookPickup from '../../netlify/functions/pickups-create';
import { company } from '../../src/data/company';
import { addDays, dateIn } from '../../src/lib/company-day';
import { isPickupDay } from '../../src/lib/pickup-hours';
import { apiRequest, call } from './requests';

/** The first day drivers collect from two days ahead: never today, so no window is too close. */
export function nextPickupDay(): string {
  let day = addDays(dateIn(company.timeZone, Date.now()), 2);
  while (!isPickupDay(day)) day = addDays(day, 1);
  return day;
}

/** Books a pickup through the public form's call, for `name` and `email` on `day`, from an address of its own. */
export const bookPickupFor = (name: string, email: string, day: string) =>
  call(
    bookPickup,
    apiRequest('/api/pickups', {
      json: {
        name,
        email,
        phone: '+1 916 555 0142',
        address: '12 Harbor Road',
        city: 'Sacramento',
        pickup_date: day,
        pickup_window: '09-12',
        pieces: '1',
        weight_kg: '2',
      },
      headers: { 'x-nf-client-connection-ip': `198.51.100.${Math.floor(Math.random() * 250)}` },
    }),
  );
