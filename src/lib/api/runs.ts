import { z } from 'zod';
import { OFFICE } from '../roles';
import {
  assignmentHistorySchema,
  RUN_ASSIGN_MAX,
  runAssignResultSchema,
  runAssignSchema,
  runOrderSchema,
  runSchema,
  runSheetSchema,
  runsOfDateSchema,
  runsQuerySchema,
  stopAssignmentSchema,
} from '../schemas/run';
import { defineEndpoint, recordNumber, trackingNumberParam } from './contract';
import { SHIPMENT_NOT_FOUND } from './shipments';

export const RUN_NOT_FOUND = 'Run not found.';
export const NOT_ON_A_RUN = 'This shipment is not on a run.';

const runParams = z.object({ runId: recordNumber(RUN_NOT_FOUND, 'The numeric id of the run') });
const shipmentParams = z.object({
  trackingNumber: trackingNumberParam(SHIPMENT_NOT_FOUND).meta({ description: 'The tracking number, e.g. NEC…' }),
});
const answer = <S extends z.ZodType>(data: S) => z.object({ status: z.literal('success'), data });

/**
 * Runs (dispatchers and admins): each driver's stops for a date, in order. Shipments are assigned one
 * at a time or in bulk (which moves them off any other run), reordered, removed; a run prints as a sheet,
 * and each shipment keeps the history of its assignments.
 */
export const runsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/runs',
    summary:
      "The runs of a date (today in the company's day when none is given): every active driver, with their run of that date and its stops in order.",
    access: 'session',
    roles: OFFICE,
    query: runsQuerySchema,
    status: 200,
    response: answer(runsOfDateSchema),
  }),
  assign: defineEndpoint({
    method: 'POST',
    path: '/api/runs',
    summary: `Put up to ${RUN_ASSIGN_MAX} shipments at the end of a driver's run of a date (made on first use), in the order given. A shipment on another run is moved; one already on this run stays where it is. 422 naming the field for unknown numbers, delivered or returned shipments, a past date, or someone who is not an active driver.`,
    access: 'session',
    roles: OFFICE,
    body: runAssignSchema,
    status: 200,
    response: answer(runAssignResultSchema),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/runs/:runId',
    summary: 'One run with its stops in order and the company that heads its printed sheet.',
    access: 'session',
    roles: OFFICE,
    params: runParams,
    status: 200,
    response: answer(runSheetSchema),
    errors: [404],
  }),
  reorder: defineEndpoint({
    method: 'PUT',
    path: '/api/runs/:runId/stops',
    summary:
      "Put a run's stops in a new order: the tracking numbers of exactly its stops, first stop first (422 naming `tracking_numbers` otherwise).",
    access: 'session',
    roles: OFFICE,
    params: runParams,
    body: runOrderSchema,
    status: 200,
    response: answer(runSchema),
    errors: [404],
  }),
  removeStop: defineEndpoint({
    method: 'DELETE',
    path: '/api/shipments/:trackingNumber/run',
    summary: 'Take a shipment off its run; the stops after it move up. Answers the history entry it wrote.',
    access: 'session',
    roles: OFFICE,
    params: shipmentParams,
    body: z.object({}),
    status: 200,
    response: answer(stopAssignmentSchema),
    errors: [404],
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/api/shipments/:trackingNumber/assignments',
    summary: "A shipment's run now, if any, and every assignment, move and removal, newest first, with who made it.",
    access: 'session',
    roles: OFFICE,
    params: shipmentParams,
    status: 200,
    response: answer(assignmentHistorySchema),
    errors: [404],
  }),
};
