import type { BodyInput } from '@/lib/api/contract';
import { runsApi } from '@/lib/api/runs';
import { callApi } from './client';

/** The Runs screen's writes: shipments put on (or moved to) a run, a run's order, a stop taken off. */

export const assignToRun = (body: BodyInput<typeof runsApi.assign>) => callApi(runsApi.assign, { body });

export const reorderRun = (runId: number, trackingNumbers: string[]) =>
  callApi(runsApi.reorder, { params: { runId: String(runId) }, body: { tracking_numbers: trackingNumbers } });

export const removeFromRun = (trackingNumber: string) =>
  callApi(runsApi.removeStop, { params: { trackingNumber }, body: {} });
