import type { BodyInput } from '@/lib/api/contract';
import { exceptionsApi } from '@/lib/api/exceptions';
import { callApi } from './client';

/** The exceptions queue's one write: an action on a listed shipment. */
export const actOnException = (trackingNumber: string, body: BodyInput<typeof exceptionsApi.act>) =>
  callApi(exceptionsApi.act, { params: { trackingNumber }, body });
