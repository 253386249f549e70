import type { Config } from '@netlify/functions';
import { pickupsApi } from '@/lib/api/pickups';
import { defineHandler, on } from '../lib/handler';
import { createPickup } from '../lib/pickups';

/** The public pickup form's booking (limited per client address), with its confirmation email. */
export default defineHandler(
  on(pickupsApi.create)(({ db, body, client }) => createPickup(db, body, client), { delivers: true }),
);

export const config: Config = { path: '/api/pickups' };
