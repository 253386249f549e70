import type { Client, InValue } from '@libsql/client';
import { company } from '@/data/company';
import { DEFAULT_NOTIFICATIONS, type NoticeSwitch } from '@/lib/schemas/settings';
import { getCompanySettings, readSettings } from './settings';

/**
 * What the emails take from Settings: the switches of Notifications and the company of General,
 * through the settings module. A message is queued inside the write that causes it, so its switch
 * and the company address are also read there, as SQL over the same `settings` rows (one JSON
 * document per section; the defaults until a section is saved): a message exists exactly when its
 * switch was on in that transaction.
 */

export type NoticeKind = NoticeSwitch;

/** An SQL expression and its arguments, to embed in a statement. */
export interface SqlPart {
  sql: string;
  args: InValue[];
}

/** True (1) in SQL when the switch is on. JSON true reads as 1. */
export function switchOn(kind: NoticeKind): SqlPart {
  return {
    sql: `coalesce((SELECT json_extract(value, '$.${kind}') FROM settings WHERE key = 'notifications'), ?) = 1`,
    args: [DEFAULT_NOTIFICATIONS[kind] ? 1 : 0],
  };
}

/** True in SQL when the shipment `s` has a status Notifications says its recipient hears about. */
export function recipientStatusOn(): SqlPart {
  return {
    sql: `s.status IN (SELECT value FROM json_each(coalesce(
            (SELECT json_extract(value, '$.recipient_statuses') FROM settings WHERE key = 'notifications'), ?)))`,
    args: [JSON.stringify(DEFAULT_NOTIFICATIONS.recipient_statuses)],
  };
}

/** The company's email address in SQL (staff notices go there); the site's own until General is saved. */
export function companyEmail(): SqlPart {
  return {
    sql: `trim(coalesce((SELECT json_extract(value, '$.email') FROM settings WHERE key = 'company'), ?))`,
    args: [company.emails.support],
  };
}

/** The company as the emails and waybills name it. */
export const readCompany = getCompanySettings;

/** Whether a switch is on now (for work outside a write, such as the daily summary). */
export async function isSwitchOn(db: Client, kind: NoticeKind): Promise<boolean> {
  return (await readSettings(db, 'notifications')).data[kind];
}
