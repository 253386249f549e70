import type { Client, InStatement } from '@libsql/client';
import { actionLabel, subjectLabel } from '@/lib/audit';
import { addDays, dayStart } from '@/lib/company-day';
import { ROLE_LABELS } from '@/lib/roles';
import {
  AUDIT_TOTAL_CAP,
  type AuditEntry,
  type AuditFilter,
  type AuditListQuery,
  auditEntrySchema,
} from '@/lib/schemas/audit';
import type { ListMeta } from '@/lib/schemas/fields';
import { csvRow } from '@/lib/spreadsheet';
import { purgeActivityBefore } from './activity-forget';
import type { Download } from './http';
import { and, countStatements, type Filter, keysetOrder, keysetPage, readCounts, readKeyset } from './keyset';
import { decodeRows } from './rows';
import { batchInCompanyZone, readSettings } from './settings';

/**
 * The audit trail: the activity log read newest first (its id is the keyset), narrowed by person,
 * action, subject and the company's days; exported as CSV a page at a time; and its retention's purge.
 * The log itself is written only by activity.ts.
 */

/** A shipment's entries name it by tracking number; the trail shows them as subject `shipment`. */
const COLUMNS = `id, created_at, actor_email AS actor, actor_role, action,
  CASE WHEN tracking_number IS NOT NULL THEN 'shipment' ELSE subject_type END AS subject_type,
  coalesce(tracking_number, subject_id) AS subject_id, details, actor_address AS address`;

/** The filters as SQL, dates as the company's days in `zone` (from its first moment to the next day's). */
function auditFilters(filter: AuditFilter, zone: string): Filter[] {
  const filters: Filter[] = [];
  if (filter.actor) filters.push({ sql: 'actor_email = ? COLLATE NOCASE', args: [filter.actor] });
  if (filter.action) filters.push({ sql: 'action = ?', args: [filter.action] });
  const shipment = filter.subject_type === 'shipment';
  if (shipment) filters.push({ sql: 'tracking_number IS NOT NULL', args: [] });
  else if (filter.subject_type) filters.push({ sql: 'subject_type = ?', args: [filter.subject_type] });
  if (filter.subject) {
    const number = filter.subject.toUpperCase();
    if (shipment) filters.push({ sql: 'tracking_number = ?', args: [number] });
    else if (filter.subject_type) filters.push({ sql: 'subject_id = ?', args: [filter.subject] });
    else filters.push({ sql: 'tracking_number = ? OR subject_id = ?', args: [number, filter.subject] });
  }
  if (filter.from) filters.push({ sql: 'created_at >= ?', args: [dayStart(zone, filter.from)] });
  if (filter.to) filters.push({ sql: 'created_at < ?', args: [dayStart(zone, addDays(filter.to, 1))] });
  return filters;
}

const pageStatement = (where: Filter[], order: 'ASC' | 'DESC', limit: number): InStatement => {
  const all = and(where);
  return {
    sql: `SELECT ${COLUMNS} FROM activity_log WHERE ${all.sql} ORDER BY id ${order} LIMIT ?`,
    args: [...all.args, limit],
  };
};

/** One page of the trail, newest first, with the count of its matches (up to AUDIT_TOTAL_CAP). */
export async function listAudit(db: Client, query: AuditListQuery): Promise<{ data: AuditEntry[]; meta: ListMeta }> {
  const keyset = readKeyset(query);
  const { filters: cursor, order } = keysetOrder('id', keyset);
  const {
    results: [rows, ...counts],
  } = await batchInCompanyZone(db, (zone) => {
    const filters = auditFilters(query, zone);
    return [
      pageStatement([...filters, ...cursor], order as 'ASC' | 'DESC', query.limit + 1),
      ...countStatements('activity_log', filters, { key: 'id', keyset, limit: AUDIT_TOTAL_CAP + 1 }),
    ];
  });
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  return keysetPage(decodeRows(auditEntrySchema, rows!.rows), (row) => row.id, {
    keyset,
    limit: query.limit,
    ...readCounts(counts),
    cap: AUDIT_TOTAL_CAP,
  });
}

const EXPORT_PAGE = 500;
const HEADER = ['Time (UTC)', 'Actor', 'Role', 'Action', 'Subject type', 'Subject', 'Details', 'Address'];

const csvLine = (entry: AuditEntry) =>
  csvRow([
    entry.created_at,
    entry.actor,
    entry.actor_role ? ROLE_LABELS[entry.actor_role] : null,
    actionLabel(entry.action),
    entry.subject_type ? subjectLabel(entry.subject_type) : null,
    entry.subject_id,
    entry.details,
    entry.address,
  ]);

/**
 * Every entry the filters match, newest first, as CSV: read EXPORT_PAGE entries at a time as the
 * download is taken. The first page is read before answering, so a database that cannot be reached is
 * still a 503, not a broken file.
 */
export async function exportAudit(db: Client, filter: AuditFilter, now = new Date()): Promise<Download> {
  // The first page is read with the company's zone (its days are the filter's); the others in that zone.
  const {
    zone,
    results: [firstRows],
  } = await batchInCompanyZone(db, (zone) => [pageStatement(auditFilters(filter, zone), 'DESC', EXPORT_PAGE)]);
  const filters = auditFilters(filter, zone);
  const page = async (before: number) => {
    const { rows } = await db.execute(
      pageStatement([...filters, { sql: 'id < ?', args: [before] }], 'DESC', EXPORT_PAGE),
    );
    return decodeRows(auditEntrySchema, rows);
  };
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  const first = decodeRows(auditEntrySchema, firstRows!.rows);
  async function* lines() {
    yield csvRow(HEADER);
    let entries = first;
    while (entries.length) {
      yield entries.map(csvLine).join('');
      const last = entries.at(-1);
      entries = entries.length === EXPORT_PAGE && last ? await page(last.id) : [];
    }
  }
  return { filename: `audit-trail-${now.toISOString().slice(0, 10)}.csv`, chunks: lines() };
}

const DAY = 24 * 60 * 60 * 1000;
/** Entries one housekeeping run deletes at most: the run stays short, and every 5 minutes catches up. */
const PURGE_LIMIT = 1000;

/** Deletes entries older than the retention (Settings > General > Audit trail), a bounded number per run. */
export async function purgeAudit(db: Client, now = Date.now()): Promise<number> {
  const { retention_days } = (await readSettings(db, 'audit')).data;
  const cutoff = new Date(now - retention_days * DAY).toISOString();
  return (await db.execute(purgeActivityBefore(cutoff, PURGE_LIMIT))).rowsAffected;
}
