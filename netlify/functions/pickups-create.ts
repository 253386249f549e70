import type { Config } from '@netlify/functions';
import { pickupsApi } from '@/lib/api/pickups';
import { defineHandler, on } from '../lib/handler';
import { createPickup, limitPickups } from '../lib/pickups';

/** The public pickup form's booking (limited per client address), with its confirmation email. */
export default defineHandler(
  on(pickupsApi.create)(({ db, body }) => createPickup(db, body), { guard: limitPickups, delivers: true }),
);

export const config: Config = { path: '/api/pickups' };
