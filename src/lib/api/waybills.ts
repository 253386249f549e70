import { z } from 'zod';
import { OFFICE } from '../roles';
import { waybillQuerySchema, waybillsSchema } from '../schemas/waybill';
import { defineEndpoint } from './contract';

/** Printable waybills and labels. */
export const waybillsApi = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/waybills',
    summary:
      'What the waybills of up to 100 shipments print: the company details of Settings > General, and each shipment in the order asked; numbers that name no shipment are listed in `missing`.',
    access: 'session',
    roles: OFFICE,
    query: waybillQuerySchema,
    status: 200,
    response: z.object({ status: z.literal('success'), data: waybillsSchema }),
  }),
};
