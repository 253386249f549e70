import type { Config } from '@netlify/functions';
import { pickupsApi } from '@/lib/api/pickups';
import { defineHandler, on } from '../lib/handler';
import { bookPickup } from '../lib/pickups';

/** The public pickup form's booking (limited per client address), with its confirmation email; also its plain form post. */
export default defineHandler(
  on(pickupsApi.create)(({ db, body, client, request }) => bookPickup(db, body, { client, request }), {
    form: { subject: 'Your pickup request', back: '/pickup#pickup-form' },
    delivers: true,
  }),
);

export const config: Config = { path: '/api/pickups' };
