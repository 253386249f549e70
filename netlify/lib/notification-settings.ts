import type { Client, InValue } from '@libsql/client';
import { z } from 'zod';
import { company } from '@/data/company';
import type { CompanyDetails } from '@/lib/schemas/waybill';
import { decodeFirst } from './rows';

/**
 * What the email notifications read from Settings (issue 9's `settings` table: one JSON document per
 * section, `company` and `notifications`, the defaults until first saved). Read only: the settings
 * module writes them. The switches are also read inside the write that queues a message, as SQL,
 * so a message is queued exactly when its switch was on in that transaction.
 */

/** The four switches of Settings > Notifications. */
export const NOTICE_KINDS = ['new_shipment', 'status_updates', 'new_customer', 'daily_summary'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The spec's defaults, as long as Settings > Notifications was never saved. */
export const NOTIFICATION_DEFAULTS: Record<NoticeKind, boolean> = {
  new_shipment: true,
  status_updates: true,
  new_customer: false,
  daily_summary: true,
};

/** The company's details until Settings > General is saved: the site's own. */
export const COMPANY_DEFAULTS: CompanyDetails = {
  company_name: company.name,
  website: null,
  email: company.emails.support,
  phone: company.phone,
  address: company.address.street,
  city: company.address.city,
  state: company.address.region,
  postal_code: company.address.postalCode,
};

/** An SQL expression and its arguments, to embed in a statement. */
export interface SqlPart {
  sql: string;
  args: InValue[];
}

/** True (1) in SQL when the switch is on. JSON true reads as 1. */
export function switchOn(kind: NoticeKind): SqlPart {
  return {
    sql: `coalesce((SELECT json_extract(value, '$.${kind}') FROM settings WHERE key = 'notifications'), ?) = 1`,
    args: [NOTIFICATION_DEFAULTS[kind] ? 1 : 0],
  };
}

/** The company's email address in SQL (staff notices go there). */
export function companyEmail(): SqlPart {
  return {
    sql: `trim(coalesce((SELECT json_extract(value, '$.email') FROM settings WHERE key = 'company'), ?))`,
    args: [COMPANY_DEFAULTS.email],
  };
}

const storedCompany = z.object({
  company_name: z.string(),
  website: z.string().nullish(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string().nullish(),
  postal_code: z.string().nullish(),
});

/** The company details as Settings > General holds them (or the defaults). */
export async function readCompany(db: Client): Promise<CompanyDetails> {
  const { rows } = await db.execute("SELECT value FROM settings WHERE key = 'company'");
  const row = decodeFirst(z.object({ value: z.string() }), rows);
  if (!row) return COMPANY_DEFAULTS;
  const parsed = storedCompany.safeParse(JSON.parse(row.value));
  if (!parsed.success) return COMPANY_DEFAULTS;
  const value = parsed.data;
  return {
    ...value,
    website: value.website ?? null,
    state: value.state ?? null,
    postal_code: value.postal_code ?? null,
  };
}

/** Whether a switch is on now (for work outside a write, such as the daily summary). */
export async function isSwitchOn(db: Client, kind: NoticeKind): Promise<boolean> {
  const on = switchOn(kind);
  const { rows } = await db.execute({ sql: `SELECT ${on.sql} AS on_now`, args: on.args });
  return decodeFirst(z.object({ on_now: z.number() }), rows)?.on_now === 1;
}
