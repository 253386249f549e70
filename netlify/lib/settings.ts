import type { Client, InStatement, ResultSet } from '@libsql/client';
import { z } from 'zod';
import { company } from '@/data/company';
import { isTimeZone } from '@/lib/company-day';
import { ROLE_LABELS } from '@/lib/roles';
import { type AuditSettings, auditSettingsSchema, RETENTION_DAYS } from '@/lib/schemas/audit';
import {
  type ClosedDays,
  COMPANY_FIELD_LABELS,
  type CompanySettingsValue,
  closedDaysSchema,
  companySettingsValueSchema,
  DEFAULT_NOTIFICATIONS,
  NOTIFICATION_LABELS,
  type NoticeSwitch,
  type NotificationSettings,
  notificationSettingsSchema,
  type SettingsMeta,
} from '@/lib/schemas/settings';
import { type TwoFactorPolicy, twoFactorPolicySchema } from '@/lib/schemas/team';
import { STATUS_LABELS } from '@/lib/shipment-status';
import { type SettingsAction, type StaffUser, subjectActivity, type TeamAction } from './activity';
import { decodeFirst } from './rows';

/**
 * The settings the back office keeps: one JSON document per section in `settings`, read through
 * its schema. Until a section is first saved, its defaults apply (the company's come from the
 * site's own data). A later section (e.g. integrations) is one more entry in SECTIONS.
 */

interface Section<T extends Record<string, unknown>> {
  title: string;
  schema: z.ZodType<T>;
  defaults: () => T;
  /** How the activity log words a change of each field. */
  describe: (field: keyof T & string, value: T[keyof T]) => string;
  /** The activity entry's action: `settings_changed` unless the section says otherwise. */
  action?: SettingsAction | TeamAction;
}

interface SettingsValues {
  company: CompanySettingsValue;
  notifications: NotificationSettings;
  closed_days: ClosedDays;
  audit: AuditSettings;
  two_factor: TwoFactorPolicy;
}

const SECTIONS: { [S in keyof SettingsValues]: Section<SettingsValues[S]> } = {
  company: {
    title: 'Company information',
    schema: companySettingsValueSchema,
    defaults: (): CompanySettingsValue => ({
      company_name: company.name,
      website: company.website,
      email: company.emails.support,
      phone: company.phone,
      address: company.address.street,
      city: company.address.city,
      state: company.address.region,
      postal_code: company.address.postalCode,
      time_zone: company.timeZone,
    }),
    describe: (field) => COMPANY_FIELD_LABELS[field],
  },
  notifications: {
    title: 'Email notifications',
    schema: notificationSettingsSchema,
    defaults: (): NotificationSettings => ({ ...DEFAULT_NOTIFICATIONS }),
    describe: (field, value) =>
      Array.isArray(value)
        ? `statuses emailed to recipients: ${value.map((status) => STATUS_LABELS[status]).join(', ') || 'none'}`
        : `${NOTIFICATION_LABELS[field as NoticeSwitch].label} ${value ? 'on' : 'off'}`,
  },
  // Read with each pickup booked or moved (pickups.ts, pickup-links.ts).
  closed_days: {
    title: 'Closed days',
    schema: closedDaysSchema,
    defaults: (): ClosedDays => ({ days: [] }),
    describe: (_, days) => (days.length ? `closed on ${days.join(', ')}` : 'no closed days'),
  },
  audit: {
    title: 'Audit trail',
    schema: auditSettingsSchema,
    defaults: (): AuditSettings => ({ retention_days: RETENTION_DAYS.default }),
    describe: (_, value) => `entries kept ${value} days`,
  },
  // Read by every session check too (sessions.ts), by the role's key.
  two_factor: {
    title: 'Two-factor sign-in required',
    schema: twoFactorPolicySchema,
    defaults: (): TwoFactorPolicy => ({ admin: false, dispatcher: false, driver: false, viewer: false }),
    describe: (field, value) => `${ROLE_LABELS[field]} ${value ? 'required' : 'not required'}`,
    action: 'two_factor_policy_changed',
  },
};

export type SettingsSection = keyof SettingsValues;
type ValueOf<S extends SettingsSection> = SettingsValues[S];

const rowSchema = z.object({
  value: z.string(),
  updated_at: z.iso.datetime(),
  updated_by_email: z.string().nullable(),
});

/** A section as saved (stored fields over the defaults, so fields added later read their default), and who saved it. */
export async function readSettings<S extends SettingsSection>(
  db: Client,
  section: S,
): Promise<{ data: ValueOf<S>; meta: SettingsMeta }> {
  return settingsFrom(section, await db.execute(settingsRead(section)));
}

/** The read of a section, to share a round trip with others (`settingsFrom` decodes its answer). */
export const settingsRead = (section: SettingsSection): InStatement => ({
  sql: 'SELECT value, updated_at, updated_by_email FROM settings WHERE key = ?',
  args: [section],
});

/** A section as `readSettings` answers it, from the answer of `settingsRead`. */
export function settingsFrom<S extends SettingsSection>(
  section: S,
  { rows }: ResultSet,
): { data: ValueOf<S>; meta: SettingsMeta } {
  const row = decodeFirst(rowSchema, rows);
  const definition = SECTIONS[section];
  const defaults = definition.defaults();
  if (!row) return { data: defaults, meta: { updated_at: null, updated_by: null } };
  const stored: unknown = JSON.parse(row.value);
  const data = definition.schema.parse({ ...defaults, ...(typeof stored === 'object' ? stored : {}) });
  return { data, meta: { updated_at: row.updated_at, updated_by: row.updated_by_email } };
}

/** The company as the back office's documents and emails name it. */
export async function getCompanySettings(db: Client): Promise<CompanySettingsValue> {
  return (await readSettings(db, 'company')).data;
}

// ---- The company's time zone, read with the data it shapes.

const zoneStatement: InStatement = {
  sql: "SELECT value ->> '$.time_zone' AS zone FROM settings WHERE key = 'company'",
  args: [],
};

function zoneOf(result: ResultSet): string {
  const zone = decodeFirst(z.object({ zone: z.string().nullable() }), result.rows)?.zone;
  return zone && isTimeZone(zone) ? zone : company.timeZone;
}

/** The zone of the last batch that read it: the headquarters' until one has. */
let lastZone: string = company.timeZone;

/** The company's time zone (Settings > General), or its headquarters' until one is saved. */
export async function getCompanyZone(db: Client): Promise<string> {
  lastZone = zoneOf(await db.execute(zoneStatement));
  return lastZone;
}

/**
 * Runs statements that depend on the company's day in one batch with the read of its zone: they are
 * built for the zone this instance last read, and built and run again only if the company has
 * changed it since, so a call costs one round trip.
 */
export async function batchInCompanyZone(
  db: Client,
  build: (zone: string) => InStatement[],
): Promise<{ zone: string; results: ResultSet[] }> {
  for (;;) {
    const guess = lastZone;
    const [read, ...results] = await db.batch([zoneStatement, ...build(guess)], 'read');
    // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement: read is the zone statement's
    lastZone = zoneOf(read!);
    if (lastZone === guess) return { zone: guess, results };
  }
}

/**
 * Saves a whole section with an activity entry naming what changed, in one transaction. Saving what
 * is already there writes nothing (and logs nothing).
 */
export async function saveSettings<S extends SettingsSection>(
  db: Client,
  section: S,
  value: ValueOf<S>,
  actor: StaffUser,
  now = new Date(),
): Promise<{ data: ValueOf<S>; meta: SettingsMeta }> {
  const definition = SECTIONS[section];
  const current = await readSettings(db, section);
  const next = definition.schema.parse(value);
  const changed = (Object.keys(next) as Array<keyof ValueOf<S> & string>).filter(
    // A list (the statuses emailed) is compared by its items.
    (field) => JSON.stringify(next[field]) !== JSON.stringify(current.data[field]),
  );
  if (!changed.length) return current;
  const time = now.toISOString();
  await db.batch(
    [
      {
        sql: `INSERT INTO settings (key, value, updated_at, updated_by, updated_by_email) VALUES (?, ?, ?, ?, ?)
              ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at,
                updated_by = excluded.updated_by, updated_by_email = excluded.updated_by_email`,
        args: [section, JSON.stringify(next), time, actor.id, actor.email],
      },
      subjectActivity(
        actor,
        definition.action ?? 'settings_changed',
        { type: 'settings', id: section },
        `${definition.title}: ${changed.map((field) => definition.describe(field, next[field])).join(', ')}`,
        time,
      ),
    ],
    'write',
  );
  return { data: next, meta: { updated_at: time, updated_by: actor.email } };
}
