import { z } from 'zod';
import { isRealDate } from '@/lib/company-day';
import { blankToUndefined, textError } from './fields';
import { companySettingsValueSchema } from './settings';
import { shipmentRecordSchema } from './shipment/record';
import { trackingNumberList } from './shipment/selection';
import { noControlCharacters } from './text';

// Runs: one driver's stops on one date, in the order the dispatcher gives them, and each shipment's
// assignment history (the Runs screen, its printed sheet, the shipment view).

/** How many shipments one assignment takes at most. */
export const RUN_ASSIGN_MAX = 100;

const runDate = z
  .string({ error: textError('Date is required') })
  .trim()
  .check(noControlCharacters())
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Must be a date as YYYY-MM-DD', abort: true })
  .refine(isRealDate, 'Must be a real calendar date');

/** The shipments of an assignment or a new order. */
const trackingNumbers = trackingNumberList(RUN_ASSIGN_MAX);

/** `GET /api/runs?date=`: the runs of a date; without one, of today (the company's day). */
export const runsQuerySchema = z.object({
  date: z.preprocess(blankToUndefined, runDate.optional()).meta({ description: 'YYYY-MM-DD; today when absent' }),
});

/** `POST /api/runs`: put shipments on a driver's run of a date, at its end (moving them off any other run). */
export const runAssignSchema = z.object({
  driver_id: z.number({ error: 'Choose a driver' }).int('Choose a driver').positive('Choose a driver'),
  run_date: runDate,
  tracking_numbers: trackingNumbers,
});
export type RunAssign = z.infer<typeof runAssignSchema>;

/** `PUT /api/runs/:runId/stops`: every stop of the run, in the new order. */
export const runOrderSchema = z.object({ tracking_numbers: trackingNumbers });

/** A stop as the Runs screen, the sheet and the driver read it. */
export const runStopSchema = shipmentRecordSchema
  .pick({
    tracking_number: true,
    recipient_name: true,
    recipient_address: true,
    recipient_phone: true,
    destination: true,
    status: true,
  })
  .extend({
    position: z.number().int(),
    /** How many pieces the shipment has, and which of them (their numbers) are delivered. */
    pieces: z.number().int(),
    pieces_delivered: z.array(z.number().int()),
  });
export type RunStop = z.infer<typeof runStopSchema>;

/** A driver as a run names them. */
export const runDriverSchema = z.object({ id: z.number().int(), name: z.string().nullable(), email: z.string() });

/** One run: its driver, its date and its stops in order. */
export const runSchema = z.object({
  id: z.number().int(),
  run_date: z.iso.date(),
  driver: runDriverSchema,
  stops: z.array(runStopSchema),
});
export type Run = z.infer<typeof runSchema>;

/** The runs of a date: every active driver (and any other with a run that day), with their run or none. */
export const runsOfDateSchema = z.object({
  date: z.iso.date(),
  /** Today in the company's day: dates before it take no assignment. */
  today: z.iso.date(),
  drivers: z.array(
    runDriverSchema.extend({
      /** False for a driver deactivated or no longer a driver: their run shows, it takes no new stops. */
      assignable: z.boolean(),
      run: runSchema.omit({ driver: true }).nullable(),
    }),
  ),
});
export type RunsOfDate = z.infer<typeof runsOfDateSchema>;

/** What an assignment did: the run as it is now, and which numbers were added, moved there or already on it. */
export const runAssignResultSchema = z.object({
  run: runSchema,
  assigned: z.array(z.string()),
  moved: z.array(z.string()),
  unchanged: z.array(z.string()),
});
export type RunAssignResult = z.infer<typeof runAssignResultSchema>;

/** The run sheet: the run and the company whose name heads it. */
export const runSheetSchema = z.object({ run: runSchema, company: companySettingsValueSchema });

export const ASSIGNMENT_ACTIONS = ['assigned', 'moved', 'removed'] as const;
export const ASSIGNMENT_ACTION_LABELS: Record<(typeof ASSIGNMENT_ACTIONS)[number], string> = {
  assigned: 'Assigned',
  moved: 'Moved',
  removed: 'Removed',
};

/** One line of a shipment's assignment history. */
export const stopAssignmentSchema = z.object({
  id: z.number().int(),
  action: z.enum(ASSIGNMENT_ACTIONS),
  run_id: z.number().int().nullable(),
  run_date: z.iso.date().nullable(),
  driver: z.string().nullable(),
  actor: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export type StopAssignment = z.infer<typeof stopAssignmentSchema>;

/** A shipment's place on a run now (if any) and its assignment history, newest first. */
export const assignmentHistorySchema = z.object({
  current: z
    .object({ run_id: z.number().int(), run_date: z.iso.date(), driver: z.string(), position: z.number().int() })
    .nullable(),
  entries: z.array(stopAssignmentSchema),
});
export type AssignmentHistory = z.infer<typeof assignmentHistorySchema>;
