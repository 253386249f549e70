import { z } from 'zod';
import { READERS } from '../roles';
import { exceptionCountsSchema } from '../schemas/exception';
import { shipmentRecordSchema } from '../schemas/shipment/record';
import { defineEndpoint } from './contract';

/** A figure with the value it had at the comparison point; `change_percent` is null when that was 0. */
const dashboardFigureSchema = z.object({
  value: z.number().int(),
  previous: z.number().int(),
  change_percent: z.number().int().nullable(),
});
export type DashboardFigure = z.infer<typeof dashboardFigureSchema>;

export const activityEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  actor_email: z.string(),
  tracking_number: z.string().nullable(),
  /** What a non-shipment entry is about: customer, quote_request or settings, and its id. */
  subject_type: z.string().nullable(),
  subject_id: z.string().nullable(),
  details: z.string().nullable(),
  created_at: z.iso.datetime(),
});

export const dashboardSchema = z.object({
  /** The moment the figures describe. */
  generated_at: z.iso.datetime(),
  /** The company's time zone (Settings > General): its days are the days below. */
  time_zone: z.string(),
  /** The company's date at that moment, and the instant it began. */
  today: z.iso.date(),
  today_start: z.iso.datetime(),
  stats: z.object({
    /** Not delivered; previous = as of 7 days ago. */
    active_shipments: dashboardFigureSchema,
    /** Shipments with a delivered entry this day of the company; previous = yesterday. */
    delivered_today: dashboardFigureSchema,
    /** Customers created this calendar month of the company; previous = last month. */
    new_customers: dashboardFigureSchema,
    /** Preparing, processing or on hold; previous = as of 24 hours ago. */
    pending_orders: dashboardFigureSchema,
  }),
  /** How many shipments each kind of the exceptions queue lists now. */
  exceptions: exceptionCountsSchema,
  /** Quote requests no one has handled yet (status new). */
  new_quote_requests: z.number().int(),
  /** The 5 newest shipments. */
  recent_shipments: z.array(
    shipmentRecordSchema.pick({
      tracking_number: true,
      origin: true,
      destination: true,
      status: true,
      created_at: true,
    }),
  ),
  /** The 5 newest activity log entries. */
  activity: z.array(activityEntrySchema),
  /** Shipments created per day of the company over 30 days, oldest first, today last. */
  shipments_per_day: z.array(z.object({ date: z.iso.date(), count: z.number().int() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const dashboardApi = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/admin/dashboard',
    summary: 'The figures of the admin dashboard at this moment.',
    access: 'session',
    roles: READERS,
    status: 200,
    response: z.object({ status: z.literal('success'), data: dashboardSchema }),
  }),
};
