import { z } from 'zod';
import { ROLES } from '../roles';
import { blankToUndefined, listMetaSchema, pagingQuery, text } from './fields';
import { optionalDate } from './shipment/dates';
import { noControlCharacters } from './text';

// The audit trail's filters, its entries and how long they are kept (Settings > General).

/** A stored name: an action or a kind of subject (lower case, digits and underscores). */
const storedName = (example: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'Must be text' })
      .trim()
      .check(noControlCharacters())
      .regex(/^[a-z][a-z0-9_]{0,63}$/, `Must be a name such as ${example}`)
      .optional(),
  );

/**
 * What the trail is narrowed to, each optional: a person (the actor's email, or a device key's name as
 * the trail shows it, any case), an action, a subject (its kind, its id or tracking number or both)
 * and the company's days from and to, both included.
 */
const filterFields = {
  actor: z.preprocess(blankToUndefined, text(254).optional()),
  action: storedName('status_changed'),
  subject_type: storedName('customer'),
  subject: z.preprocess(blankToUndefined, text(100).optional()),
  from: optionalDate,
  to: optionalDate,
};

const datesInOrder = (filters: { from?: string | null | undefined; to?: string | null | undefined }) =>
  !filters.from || !filters.to || filters.from <= filters.to;
const DATES_OUT_OF_ORDER = { path: ['to'], message: 'Must be on or after the From date' };

/** The export's query: the filters alone (it answers every match). */
export const auditFilterSchema = z.object(filterFields).refine(datesInOrder, DATES_OUT_OF_ORDER);
export type AuditFilter = z.infer<typeof auditFilterSchema>;

const AUDIT_DEFAULT_LIMIT = 50;
const AUDIT_MAX_LIMIT = 200;
export const AUDIT_TOTAL_CAP = 10_000;

/** The list's query: the filters and keyset paging, newest first. */
export const auditListQuerySchema = z
  .object({ ...filterFields, ...pagingQuery(AUDIT_DEFAULT_LIMIT, AUDIT_MAX_LIMIT) })
  .refine(datesInOrder, DATES_OUT_OF_ORDER);
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

/** One entry of the trail. A shipment's entry has subject_type `shipment` and its tracking number as subject_id. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  actor: z.string(),
  /** The role the actor had when writing; null for a device key, a member of the public, or an entry older than roles. */
  actor_role: z.enum(ROLES).nullable(),
  action: z.string(),
  subject_type: z.string().nullable(),
  subject_id: z.string().nullable(),
  details: z.string().nullable(),
  /** The request's address; null for entries written before addresses were kept. */
  address: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListMetaSchema = listMetaSchema;

export const RETENTION_DAYS = { min: 30, max: 3650, default: 365 } as const;

/** Settings > General > Audit trail: how many days entries are kept before the housekeeping deletes them. */
export const auditSettingsSchema = z.object({
  retention_days: z
    .number({ error: (issue) => (issue.input === undefined ? 'Retention is required' : 'Must be a number of days') })
    .int('Must be a whole number of days')
    .min(RETENTION_DAYS.min, `Must be at least ${RETENTION_DAYS.min} days`)
    .max(RETENTION_DAYS.max, `Must be at most ${RETENTION_DAYS.max} days`),
});
export type AuditSettings = z.infer<typeof auditSettingsSchema>;
