import { z } from 'zod';
import { ROLES, type Role } from '../roles';
import { TRACKING_NUMBER_PATTERN } from '../tracking-number';
import '../zod-config';

/**
 * The shape of an API contract: each call of the API is one `Endpoint`, declared once in
 * `src/lib/api/<resource>.ts`. The functions parse requests with it, the admin client builds its
 * calls from it, the tests check every answer against it and the OpenAPI document is generated
 * from it. Types come from its schemas only (`z.input` for what a client sends, `z.output` for
 * what the server reads).
 */

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: anyone; a signed-in staff session (the session cookie); or a staff session or a
 * device API key (`Authorization: Bearer nec_…`), for the few writes a scanner or GPS unit makes.
 */
type Access = 'public' | 'session' | 'session-or-key';

/** Error statuses an endpoint may answer beyond those its shape implies (see `errorStatuses`). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

export interface Endpoint {
  method: HttpMethod;
  /** The route as Netlify's `config.path` writes it, e.g. `/api/shipments/:trackingNumber`. */
  path: `/api/${string}`;
  /** A short sentence for people reading the API document. */
  summary: string;
  access: Access;
  /** The staff roles a signed-in caller must have (every staff call names them; others get 403). */
  roles?: readonly Role[];
  /**
   * Open to a staff member whose role must sign in with a second factor and who has none yet (the session
   * check and setting one up); every other staff call answers them 403 `TWO_FACTOR_REQUIRED`.
   */
  beforeTwoFactor?: true;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /**
   * A body sent as a form with files (the driver's proof of delivery) rather than JSON: the handler factory
   * parses it with `request.formData()` (a field sent twice counts once, files as `File`) and the same schema.
   */
  accepts?: 'multipart/form-data';
  /** The success status and the schema of its body. */
  status: 200 | 201;
  response: z.ZodType;
  /**
   * A success answer that is a file rather than JSON: an export (`text/csv`, streamed with this media type),
   * or an image (`image/*`: answered with the image's own type, never cached). `response` describes its
   * text. Errors are still JSON.
   */
  produces?: 'text/csv' | 'image/*';
  /** Statuses particular to this call (404, 409, 429...); the generic ones are implied. */
  errors?: readonly ErrorStatus[];
  /** The public lookup keeps the `{status: false, error}` its clients read; every other call answers `apiError`. */
  errorBody?: 'api' | 'tracking';
  /**
   * Called from other sites' servers (mail clients' one-click unsubscribe): no same-origin check, the
   * token it carries is the authority.
   */
  crossSite?: true;
}

/** Declares an endpoint, keeping its literal path and schemas in the type. */
export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => endpoint;

type SchemaOf<E extends Endpoint, K extends 'params' | 'query' | 'body'> = E[K] extends z.ZodType ? E[K] : never;

/** What a client sends as the body. */
export type BodyInput<E extends Endpoint> = z.input<SchemaOf<E, 'body'>>;
/** The query as the server reads it, parsed. */
export type QueryOf<E extends Endpoint> = z.output<SchemaOf<E, 'query'>>;
/** The success answer. Response schemas do not transform, so what the server writes is what the client reads. */
export type Reply<E extends Endpoint> = z.output<E['response']>;

/** Field errors of a 422: messages per field, nested paths joined with dots, whole-body problems under `_`. */
const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));

/** Every error answer of the API (but the public lookup's): a message for people, field errors on a 422. */
export const apiErrorSchema = z.object({
  status: z.literal('error'),
  message: z.string(),
  errors: fieldErrorsSchema.optional(),
  /** On a 409 for a duplicate: the id of the record that already exists, for a link to it. */
  duplicate_of: z.string().optional(),
  /** On a 403 to a staff member who must first turn on two-factor sign-in. */
  code: z.literal('TWO_FACTOR_REQUIRED').optional(),
});

/** The public lookup's error answer, as its clients read it (`status` falsy, `error` text). */
export const trackingErrorSchema = z.object({ status: z.literal(false), error: z.string() });

export function errorSchema(endpoint: Endpoint): z.ZodType {
  return endpoint.errorBody === 'tracking' ? trackingErrorSchema : apiErrorSchema;
}

/**
 * Every error status an endpoint can answer: its own, plus 405 (another method) and 503 (the
 * database cannot be reached) for all; 403 for a cross-site write (but where other sites may call)
 * and for a role the call does not allow;
 * 401 for staff and key calls; 400, 413, 415 and 422 for a JSON body; 422 for a query; 404 and 422
 * for path parameters (an id that names nothing, a control character).
 */
export function errorStatuses(endpoint: Endpoint): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>([...(endpoint.errors ?? []), 405, 503]);
  if (endpoint.access !== 'public') statuses.add(401);
  if (endpoint.method !== 'GET' && !endpoint.crossSite) statuses.add(403);
  if (endpoint.roles && endpoint.roles.length < ROLES.length) statuses.add(403);
  if (endpoint.body) for (const status of [400, 413, 415, 422] as const) statuses.add(status);
  if (endpoint.params) for (const status of [404, 422] as const) statuses.add(status);
  if (endpoint.query) statuses.add(422);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * A path parameter naming a record by its number: anything but a whole number names nothing, a 404
 * with `notFound` (the one rule for a malformed id).
 */
export const recordNumber = (notFound: string, description: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,14}$/, notFound)
    .transform(Number)
    .meta({ description });

/** A tracking number in a path: trimmed, any case; a malformed one names nothing (404 with `notFound`). */
export const trackingNumberParam = (notFound: string) =>
  z.string().trim().toUpperCase().regex(TRACKING_NUMBER_PATTERN, notFound);

/** The endpoint's path with its `:params` filled in (URL-encoded). */
export function pathFor(endpoint: Pick<Endpoint, 'path'>, params: Record<string, string> = {}): string {
  return endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${endpoint.path}: missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
