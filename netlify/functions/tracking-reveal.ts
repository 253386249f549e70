import type { Config } from '@netlify/functions';
import { trackingApi } from '@/lib/api/tracking';
import { defineHandler, on } from '../lib/handler';
import { reply } from '../lib/http';
import { revealAddress, revealTokenOf } from '../lib/tracking-reveal';

/** The recipient proves their email or phone and sees the full address for this browser session. */
export default defineHandler(
  on(trackingApi.reveal)(async ({ db, params, body, request, client }) => {
    const token = revealTokenOf(request);
    const { data, cookie } = await revealAddress(db, params.trackingNumber, body, { token, client: client.address });
    return reply(trackingApi.reveal, { status: 'success', data }, cookie ? { 'Set-Cookie': cookie } : {});
  }),
);

export const config: Config = { path: '/api/tracking/:trackingNumber/reveal' };
