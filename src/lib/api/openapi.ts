import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { company } from '@/data/company';
import { ROLE_LABELS } from '../roles';
import { shipmentSchema } from '../schemas/shipment/shipment';
import { trackingResultSchema } from '../schemas/tracking';
import { apiErrorSchema, type Endpoint, errorSchema, errorStatuses, trackingErrorSchema } from './contract';
import { type API, ENDPOINTS } from './endpoints';

/** Why each error status is answered, for the people reading the document. */
const ERROR_MEANINGS: Record<number, string> = {
  400: 'The request is malformed (not JSON, or a malformed tracking number).',
  401: 'No valid session (sign in first) or, where a device key is accepted, no live API key.',
  403: 'A cross-site request, refused.',
  404: 'Nothing found at this address.',
  405: 'Another method is expected; the Allow header lists them.',
  409: 'The request conflicts with the current state.',
  410: 'What the request names is no longer there (an expired or withdrawn link).',
  413: 'The body is larger than 64 KB (or the larger limit the call names).',
  415: 'The body must be sent as application/json (multipart/form-data where the call says so).',
  422: 'The data is invalid: `errors` names each field at fault.',
  429: 'Too many requests: wait for the seconds in the Retry-After header.',
  503: 'The service is temporarily unavailable; try again shortly.',
};

/** Each resource as a tag: the name people read (reference page, viewers) and what it covers. */
const RESOURCES: Record<keyof typeof API, { name: string; description: string }> = {
  auth: {
    name: 'Sign-in',
    description:
      'Staff sign-in, two-factor step, sign-in and password reset links by email, sign-out and the current session.',
  },
  account: { name: 'Account', description: "The signed-in staff member's password, two-factor sign-in and sessions." },
  tracking: { name: 'Public tracking', description: 'Shipment lookup for customers, one number or several.' },
  shipments: { name: 'Shipments', description: 'The back-office shipment list, creation, reads and updates.' },
  bulk: { name: 'Bulk changes', description: "Changes to many shipments of the list at once: the selection's status." },
  dashboard: { name: 'Dashboard', description: "The back office's figures at a glance." },
  quotes: { name: 'Quotes', description: 'Quote requests sent from the site, and their follow-up by staff.' },
  quoteOffers: {
    name: 'Quote offers',
    description: "Staff's priced reply to a quote request, and its accept link's page, which books the shipment.",
  },
  customers: { name: 'Customers', description: 'Customer accounts and their shipments.' },
  settings: { name: 'Settings', description: 'Company details and email notification switches.' },
  alerts: { name: 'Email alerts', description: 'Status emails for a shipment: opt-in, confirmation, unsubscribe.' },
  apiKeys: { name: 'API keys', description: 'Device API keys for scanners and GPS units.' },
  scans: { name: 'Scans', description: 'Bulk scan events from devices.' },
  outbox: { name: 'Outbox', description: 'Emails queued for delivery, their state and retries.' },
  waybills: { name: 'Waybills', description: 'Printable waybill and label data.' },
  places: { name: 'Places', description: 'The gazetteer of cities and countries the public route map draws from.' },
  audit: {
    name: 'Audit trail',
    description: 'Who wrote what, when and from where: the staff activity log, its filters and its CSV export.',
  },
  proofs: {
    name: 'Proof of delivery',
    description: "The driver's proof of delivery (name, signature, photo, place), and its authorized reads.",
  },
  team: {
    name: 'Team',
    description: 'Staff accounts, invitations, roles and the two-factor rule; the invitation link page.',
  },
  exports: {
    name: 'Exports',
    description: 'The shipments, customers and quote requests lists as CSV, with the screen’s search and filters.',
  },
  imports: {
    name: 'Imports',
    description: 'Shipments imported from a CSV or XLSX file a chunk at a time, and the history of imports.',
  },
  runs: {
    name: 'Runs',
    description:
      "Drivers' runs: shipments assigned to a driver for a date, in order, and each shipment's assignment history.",
  },
  exceptions: {
    name: 'Exceptions',
    description: "The shipments that need someone, and staff's actions on them.",
  },
  deliveryRequests: {
    name: 'Delivery requests',
    description: 'The recipient, after the reveal, picks another delivery day or leaves instructions.',
  },
  driver: { name: 'Driver', description: "The driver's phone screen: today's stops and the actions recorded at them." },
  pickups: {
    name: 'Pickups',
    description:
      "Collections booked on the public site, moved or cancelled from the emailed link, put on a driver's run and collected.",
  },
};

const TAGS = new Map(Object.entries(RESOURCES));

function tagOf(resource: string): string {
  const tag = TAGS.get(resource);
  if (!tag) throw new Error(`No tag for the API resource ${resource}: add it to RESOURCES`);
  return tag.name;
}

const METHODS = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'delete' } as const;

/** Either requirement satisfies a `session-or-key` call (OpenAPI: alternatives are separate objects). */
const SECURITY: Record<Endpoint['access'], Array<Record<string, string[]>>> = {
  public: [],
  session: [{ session: [] }],
  'session-or-key': [{ session: [] }, { deviceKey: [] }],
};

/** Netlify writes path parameters as `:name`, OpenAPI as `{name}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

function operation(resource: string, name: string, endpoint: Endpoint): ZodOpenApiOperationObject {
  const json = (schema: Endpoint['response']) => ({ 'application/json': { schema } });
  return {
    operationId: `${resource}.${name}`,
    summary: endpoint.summary,
    tags: [tagOf(resource)],
    security: SECURITY[endpoint.access],
    ...(endpoint.roles
      ? {
          description: `Staff roles allowed: ${endpoint.roles.map((role) => ROLE_LABELS[role]).join(', ')}.`,
          'x-roles': [...endpoint.roles],
        }
      : {}),
    ...(endpoint.params || endpoint.query
      ? {
          requestParams: {
            ...(endpoint.params ? { path: endpoint.params } : {}),
            ...(endpoint.query ? { query: endpoint.query } : {}),
          },
        }
      : {}),
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: { [endpoint.accepts ?? 'application/json']: { schema: endpoint.body } },
          },
        }
      : {}),
    responses: {
      [endpoint.status]: {
        description: endpoint.status === 201 ? 'Created.' : 'OK.',
        content: endpoint.produces ? { [endpoint.produces]: { schema: endpoint.response } } : json(endpoint.response),
      },
      ...Object.fromEntries(
        errorStatuses(endpoint).map((status) => [
          status,
          { description: ERROR_MEANINGS[status] ?? 'An error.', content: json(errorSchema(endpoint)) },
        ]),
      ),
    },
  };
}

/** The OpenAPI 3.1 document of every call of the API, generated from the contracts. */
export function openApiDocument(serverUrl: string) {
  const paths: ZodOpenApiPathsObject = {};
  for (const { resource, name, endpoint } of ENDPOINTS) {
    const path = openApiPath(endpoint.path);
    paths[path] = { ...paths[path], [METHODS[endpoint.method]]: operation(resource, name, endpoint) };
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: `${company.name} API`,
      version: '1.0.0',
      description:
        'Public shipment tracking, quote requests and email alerts, and the staff API of the back office. Staff calls need the session cookie set by `POST /api/admin/login`; their writes also need `Content-Type: application/json` and a same-origin request. Scanners and GPS units use a device API key instead (Settings > Integrations), sent as `Authorization: Bearer nec_…`: it is accepted only by the status update, the location update and the bulk scan call (`POST /api/scans`, idempotent by event id), and never opens a session or reads data.',
    },
    servers: [{ url: serverUrl }],
    tags: Object.values(RESOURCES),
    components: {
      // Bodies many calls answer: described once and referenced, instead of repeated in each.
      schemas: {
        Shipment: shipmentSchema,
        TrackingResult: trackingResultSchema,
        ApiError: apiErrorSchema,
        TrackingError: trackingErrorSchema,
      },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: '__Host-session',
          description: 'The staff session, set by `POST /api/admin/login` (HttpOnly, Secure, SameSite=Strict).',
        },
        deviceKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'nec_ followed by 43 URL-safe characters',
          description:
            'A device API key created in Settings > Integrations (shown once). Accepted only by the calls that list it; writes made with it are logged under its name. Revoked keys are refused with 401.',
        },
      },
    },
    paths,
  });
}
