import { z } from 'zod';
import { blankToUndefined, pagingQuery, text } from '../fields';
import { noControlCharacters } from '../text';
import { shipmentStatusSchema } from './status';

// The admin list's query (`GET /api/trackings`): search, filters and paging, and how far it counts.

const LIST_DEFAULT_LIMIT = 50;
const LIST_MAX_LIMIT = 200;
/** The list counts its matches exactly up to this many; beyond it, `total` is this and an estimate. */
export const LIST_TOTAL_CAP = 10_000;
/**
 * With a search term, the cap is lower: counting a broad term's matches that pass a filter means checking each
 * match, and past a thousand the number no longer helps anyone find a shipment ("1,000+" says to narrow it).
 */
export const SEARCH_TOTAL_CAP = 1_000;

/** The query of `GET /api/trackings`. */
export const shipmentListQuerySchema = z.object({
  q: z.preprocess(blankToUndefined, text(200).optional()),
  /** One status, or several separated by commas (e.g. the dashboard's "pending": preparing,processing,on_hold). */
  status: z.preprocess(
    blankToUndefined,
    z
      .string()
      .check(noControlCharacters())
      .transform((value, context) => {
        const statuses = value.split(',').map((part) => shipmentStatusSchema.safeParse(part));
        const bad = statuses.find((status) => !status.success);
        if (bad?.error) {
          // biome-ignore lint/style/noNonNullAssertion: a failed zod parse has at least one issue
          context.addIssue({ code: 'custom', message: bad.error.issues[0]!.message });
          return z.NEVER;
        }
        return [...new Set(statuses.flatMap((status) => (status.success ? [status.data] : [])))];
      })
      .optional(),
  ),
  type: z.preprocess(blankToUndefined, text(100).optional()),
  /** Only shipments delivered at or after this moment (the dashboard's "delivered today"). */
  delivered_since: z.preprocess(
    blankToUndefined,
    z
      .string()
      .check(noControlCharacters())
      .pipe(z.iso.datetime({ error: 'Must be a moment as YYYY-MM-DDTHH:MM:SSZ' }))
      .optional(),
  ),
  ...pagingQuery(LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT),
});
export type ShipmentListQuery = z.infer<typeof shipmentListQuerySchema>;
