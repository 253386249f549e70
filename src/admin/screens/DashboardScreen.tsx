import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import type { Dashboard, DashboardFigure } from '@/lib/api/dashboard';
import { formatDateTime } from '@/lib/date-display';
import { ADMINS, type Role } from '@/lib/roles';
import { SCREEN_ROLES, useRole } from '../access';
import { ErrorAlert } from '../components/Field';
import { Panel } from '../components/Panel';
import { StatusBadge } from '../components/StatusBadge';
import { ACTIVE_STATUSES, PENDING_FILTER } from '../components/StatusSelect';
import { $dashboard } from '../stores/dashboard';
import { ExceptionCounts } from './exceptions/ExceptionCounts';

// recharts is large: its chunk loads only with the chart, after the figures are shown.
const ShipmentsChart = lazy(() => import('../components/ShipmentsChart'));

/** The first day of the company's month (the customers list reads it in the company's time zone). */
const monthStart = (today: string) => `${today.slice(0, 7)}-01`;

/** Each figure links to the list it counts. */
const CARDS: Array<{
  key: keyof Dashboard['stats'];
  label: string;
  since: string;
  href: (data: Dashboard) => string;
}> = [
  {
    key: 'active_shipments',
    label: 'Active Shipments',
    since: 'since last week',
    href: () => `/admin/shipments?status=${ACTIVE_STATUSES}`,
  },
  {
    key: 'delivered_today',
    label: 'Delivered Today',
    since: 'since yesterday',
    // Delivered since the start of the company's day, as the server counts it.
    href: (data) => `/admin/shipments?delivered_since=${data.today_start}`,
  },
  {
    key: 'new_customers',
    label: 'New Customers',
    since: 'since last month',
    href: (data) => `/admin/customers?since=${monthStart(data.today)}`,
  },
  {
    key: 'pending_orders',
    label: 'Pending Orders',
    since: 'since yesterday',
    href: () => `/admin/shipments?status=${PENDING_FILTER}`,
  },
];

const ACTIONS: Record<string, string> = {
  shipment_created: 'created shipment',
  shipment_edited: 'edited shipment',
  status_changed: 'changed the status of',
  location_changed: 'updated the location of',
  scan_recorded: 'recorded a scan of',
  api_key_created: 'created an API key',
  api_key_revoked: 'revoked an API key',
  login: 'signed in',
  logout: 'signed out',
  customer_created: 'created customer',
  customer_updated: 'edited customer',
  customer_deactivated: 'deactivated customer',
  customer_reactivated: 'reactivated customer',
  customer_erased: 'erased the personal data of customer',
  quote_received: 'asked for a quote',
  quote_status_changed: 'updated quote request',
  settings_changed: 'changed the settings',
  place_created: 'added the place',
  place_updated: 'changed the place',
  place_deleted: 'removed the place',
};

/** Where an entry's subject is shown in the back office, and who may open it there. */
function subjectLink(
  entry: Dashboard['activity'][number],
): { href: string; text: string; roles: readonly Role[] } | null {
  if (entry.tracking_number) {
    return {
      href: `/admin/view_shipment/${entry.tracking_number}`,
      text: entry.tracking_number,
      roles: SCREEN_ROLES.viewShipment,
    };
  }
  if (!entry.subject_id) return null;
  switch (entry.subject_type) {
    case 'customer':
      return { href: `/admin/customers/${entry.subject_id}`, text: entry.subject_id, roles: SCREEN_ROLES.customer };
    case 'quote_request':
      return { href: '/admin/quotes', text: `#${entry.subject_id}`, roles: SCREEN_ROLES.quotes };
    case 'settings':
      return {
        href: entry.subject_id === 'company' ? '/admin/settings' : `/admin/settings?tab=${entry.subject_id}`,
        text: entry.subject_id,
        roles: ADMINS,
      };
    case 'place':
      return { href: '/admin/settings?tab=places', text: entry.subject_id, roles: ADMINS };
    default:
      return null;
  }
}

/** The entry's subject, linked where the signed-in role may open it. */
function SubjectLink({ entry }: { entry: Dashboard['activity'][number] }) {
  const role = useRole();
  const link = subjectLink(entry);
  if (!link) return null;
  return (
    <>
      {' '}
      {link.roles.includes(role) ? (
        <a href={link.href} className="font-mono text-brand-700 underline-offset-2 hover:underline">
          {link.text}
        </a>
      ) : (
        <span className="font-mono">{link.text}</span>
      )}
    </>
  );
}

function change({ value, change_percent }: DashboardFigure): string {
  if (change_percent === null) return value === 0 ? 'no change' : 'up from 0';
  return `${change_percent > 0 ? '+' : ''}${change_percent}%`;
}

function StatCard({
  label,
  since,
  figure,
  href,
}: {
  label: string;
  since: string;
  figure: DashboardFigure;
  href: string;
}) {
  const tone =
    figure.value > figure.previous
      ? 'text-green-800'
      : figure.value < figure.previous
        ? 'text-red-700'
        : 'text-slate-700';
  return (
    <div className="relative rounded-lg border border-slate-200 bg-white p-5 shadow-sm focus-within:ring-2 focus-within:ring-brand-600 hover:border-brand-600">
      <dt className="text-sm font-medium text-slate-700">
        {/* The whole card is the link's target area; the link itself names the list. */}
        <a href={href} className="text-brand-700 underline-offset-2 after:absolute after:inset-0 hover:underline">
          {label}
        </a>
      </dt>
      <dd className="mt-2 text-3xl font-bold text-slate-900">{figure.value.toLocaleString('en-US')}</dd>
      <dd className={`mt-1 text-sm ${tone}`}>
        {change(figure)} {since} <span className="text-slate-600">(was {figure.previous.toLocaleString('en-US')})</span>
      </dd>
    </div>
  );
}

export default function DashboardScreen() {
  const state = useStore($dashboard);

  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="text-2xl font-bold text-slate-900">
        Dashboard
      </h1>
      {state.status === 'error' ? (
        <ErrorAlert className="mt-4">{state.message}</ErrorAlert>
      ) : state.status === 'loading' ? (
        <p role="status" className="mt-4 text-slate-700">
          Loading...
        </p>
      ) : (
        <DashboardBody data={state.data} />
      )}
    </section>
  );
}

function DashboardBody({ data }: { data: Dashboard }) {
  return (
    <>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {CARDS.map((card) => (
          <StatCard
            key={card.key}
            label={card.label}
            since={card.since}
            figure={data.stats[card.key]}
            href={card.href(data)}
          />
        ))}
      </dl>
      <p className="mt-4 rounded-lg border border-slate-200 bg-white p-4 text-slate-900 shadow-sm">
        <a href="/admin/quotes?status=new" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          {data.new_quote_requests === 1
            ? '1 new quote request'
            : `${data.new_quote_requests.toLocaleString('en-US')} new quote requests`}
        </a>{' '}
        <span className="text-slate-700">waiting for a reply.</span>
      </p>

      <ExceptionCounts counts={data.exceptions} />

      <Panel title="Shipments created, last 30 days" className="mt-8">
        <Suspense fallback={<p className="h-64 text-slate-700">Loading chart...</p>}>
          <ShipmentsChart days={data.shipments_per_day} />
        </Suspense>
      </Panel>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <Panel title="Recent Shipments">
          {data.recent_shipments.length === 0 ? (
            <p className="text-slate-700">No shipments yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {data.recent_shipments.map((shipment) => (
                <li key={shipment.tracking_number} className="flex items-center justify-between gap-3 py-3">
                  <div>
                    <a
                      href={`/admin/view_shipment/${shipment.tracking_number}`}
                      className="font-mono font-semibold text-brand-700 underline-offset-2 hover:underline"
                    >
                      {shipment.tracking_number}
                    </a>
                    <p className="text-sm text-slate-700">
                      {shipment.origin} <span aria-hidden="true">→</span>
                      <span className="sr-only">to</span> {shipment.destination}
                    </p>
                  </div>
                  <StatusBadge status={shipment.status} />
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Activity Log">
          {data.activity.length === 0 ? (
            <p className="text-slate-700">No activity yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {data.activity.map((entry) => (
                <li key={entry.id} className="py-3 text-sm">
                  <p className="text-slate-900">
                    <span className="font-medium">{entry.actor_email}</span> {ACTIONS[entry.action] ?? entry.action}
                    <SubjectLink entry={entry} />
                  </p>
                  {entry.details ? <p className="text-slate-700">{entry.details}</p> : null}
                  <p className="text-slate-600">
                    <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </>
  );
}
