import type { Config } from '@netlify/functions';
import { alertsApi } from '@/lib/api/alerts';
import { signingUp, signUpForAlerts } from '../lib/alerts';
import { defineHandler, on } from '../lib/handler';

/** A visitor of the tracking page asks for status emails: a confirmation email goes out first. */
export default defineHandler(
  on(alertsApi.subscribe)(({ db, body }) => signUpForAlerts(db, body), { guard: signingUp, delivers: true }),
);

export const config: Config = { path: '/api/alerts' };
