import type { Config } from '@netlify/functions';
import { authorizeAdmin } from '../lib/auth';
import { getDashboard } from '../lib/dashboard';
import { handle, json } from '../lib/http';

/**
 * `GET /api/admin/dashboard` (admin). Answers 200 `{status: "success", data}` where data is:
 * - `generated_at`: the moment the figures describe (ISO UTC);
 * - `stats`: `active_shipments` (not delivered; previous = as of 7 days ago), `delivered_today`
 *   (shipments with a delivered entry this UTC day; previous = yesterday), `new_customers` (this
 *   calendar month; previous = last month), `pending_orders` (preparing, processing, on hold;
 *   previous = as of 24 hours ago), each `{value, previous, change_percent}` (null when previous is 0);
 * - `recent_shipments`: the 5 newest `{tracking_number, origin, destination, status, created_at}`;
 * - `activity`: the 5 newest activity log entries `{id, action, actor_email, tracking_number, details, created_at}`;
 * - `shipments_per_day`: 30 `{date: "YYYY-MM-DD", count}` (UTC days, oldest first, today last).
 */
export default handle(async (request) => {
  const { db } = await authorizeAdmin(request, 'GET', 'HEAD');
  return json(200, { status: 'success', data: await getDashboard(db) });
});

export const config: Config = {
  path: '/api/admin/dashboard',
};
