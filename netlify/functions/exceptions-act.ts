import type { Config } from '@netlify/functions';
import { exceptionsApi } from '@/lib/api/exceptions';
import { actionReads, actOnException } from '../lib/exception-actions';
import { defineHandler, on, success } from '../lib/handler';

/** Staff act on a listed shipment: recorded once per click, audited, emailed where the status changes. */
export default defineHandler(
  on(exceptionsApi.act)(
    ({ db, params, body, user, results }) => success(actOnException(db, params.trackingNumber, body, user, results)),
    {
      reads: actionReads,
      purges: ({ data }) => [data.tracking_number],
      delivers: true,
    },
  ),
);

export const config: Config = { path: '/api/exceptions/:trackingNumber/actions' };
