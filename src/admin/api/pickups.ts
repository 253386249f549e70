import { pickupsApi } from '@/lib/api/pickups';
import { callApi } from './client';

/** The Pickups screen's writes: a pickup put on a driver's run, and a pickup recorded as collected. */

export const assignPickup = (id: number, driverId: number) =>
  callApi(pickupsApi.assign, { params: { id: String(id) }, body: { driver_id: driverId } });

export const completePickup = (id: number, trackingNumber: string) =>
  callApi(pickupsApi.complete, { params: { id: String(id) }, body: { tracking_number: trackingNumber } });
