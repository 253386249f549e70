import type { Client, InStatement, ResultSet } from '@libsql/client';
import type { z } from 'zod';
import type { Endpoint, Reply } from '@/lib/api/contract';
import { NO_CONTROL_CHARACTERS } from '@/lib/schemas/text';
import type { StaffUser } from './activity';
import { callerOf, callerSql, presentsKey } from './caller';
import { getDb } from './db';
import {
  assertSameOrigin,
  type ClientInfo,
  clientInfo,
  type Download,
  download,
  type FormPage,
  type FunctionContext,
  HttpError,
  handle,
  type Picture,
  picture,
  reply,
} from './http';
import { readJson, readJsonOrForm, readMultipart, readQuery } from './request-body';
import type { SessionUser } from './sessions';
import type { CallerSql } from './sql';

/**
 * The handler factory: every function is its contract entries plus what each call does. From the entry
 * come the method (HEAD with GET; 405 with Allow otherwise), the same-origin check of writes, the access,
 * the path parameters, query and body (each through its schema), the error shape and the success answer.
 */

type Input<E extends Endpoint, K extends 'params' | 'query' | 'body'> = E[K] extends z.ZodType
  ? z.output<E[K]>
  : Record<string, never>;

/** Who calls, by the entry's access: nobody in particular, a staff session, or a session or a device key. */
interface Callers {
  public: object;
  session: { user: SessionUser };
  'session-or-key': {
    actor: StaffUser;
    /** `key:<id>` or `user:<id>`: what scans are made idempotent under. */
    source: string;
  };
}

/** What a call's action is given: the request, the database, the caller and the parsed input. */
export type Call<E extends Endpoint> = {
  request: Request;
  context: FunctionContext;
  db: Client;
  params: Input<E, 'params'>;
  query: Input<E, 'query'>;
  body: Input<E, 'body'>;
  /** The answers of the route's `reads`, in order. */
  results: ResultSet[];
  /** The caller's address and browser, as sign-ins and rate limits record them. */
  client: ClientInfo;
} & Callers[E['access']];

/** What an entry's action answers: an image, a file (an export) or its JSON success answer. */
type Answer<E extends Endpoint> = E extends { produces: 'image/*' }
  ? Picture
  : E extends { produces: string }
    ? Download
    : Reply<E>;

/** The success answer (its status and headers from the entry), or a whole Response (a redirect, cookies). */
type Action<E extends Endpoint> = (call: Call<E>) => Promise<Answer<E> | Response>;

interface Options<E extends Endpoint> {
  /**
   * The first reads of a staff call, made in the session check's round trip (with a remote database each
   * costs one); none when the path, query or body is at fault. A call with reads has its body read
   * before the caller is checked, its faults still answered only to a caller who may make the call.
   * `caller` is who calls as SQL (NULL for a public call), for reads about the caller.
   */
  reads?: (input: {
    params: Input<E, 'params'>;
    query: Input<E, 'query'>;
    body: Input<E, 'body'>;
    caller: CallerSql;
    client: ClientInfo;
  }) => InStatement[];
  /**
   * `reads` also write (the sign-in throttle's count, made before a password or code is checked): they
   * run in a write transaction, and those of a caller the check refuses change nothing (their SQL says so).
   */
  readsWrite?: boolean;
  /** Runs before the body is read or a faulty address answered: a public call's rate limit. */
  guard?: (call: { db: Client; client: ClientInfo }) => Promise<void> | void;
  /** The body's size limit when it is not the usual 64 KB. */
  maxBytes?: number;
  /** The page whose plain form posts here: its failures are answered as a small HTML page leading back. */
  form?: FormPage;
  /** The call may queue emails (or does when this says so): delivery runs after the answer. */
  delivers?: boolean | ((answer: Reply<E>) => boolean);
  /** Headers of the success answer beyond the usual ones (a cookie, caching). */
  headers?: (answer: Reply<E>, call: Call<E>) => HeadersInit;
  /** The public lookups the write changed, purged from the CDN once it has committed. */
  purges?: (answer: Reply<E>, call: Call<E>) => readonly string[] | 'all';
}

export interface Route<E extends Endpoint = Endpoint> {
  endpoint: E;
  action: Action<E>;
  options: Options<E>;
}

/**
 * One call of a function: its contract entry, then what it does and how. In two steps, so the entry
 * alone fixes the types the action is checked against (its answer's literal statuses included).
 */
export const on =
  <E extends Endpoint>(endpoint: E) =>
  (action: Action<E>, options: Options<E> = {}): Route<E> => ({ endpoint, action, options });

/** The usual success answer: `{status: "success", data}`. */
export const success = async <T>(data: Promise<T>) => ({ status: 'success' as const, data: await data });

/** The handler a function exports, with the entries it serves (tests check them against the contract). */
export type Handler = ((request: Request, context?: FunctionContext) => Promise<Response>) & {
  endpoints: readonly Endpoint[];
};

const methodsOf = ({ method }: Endpoint) => (method === 'GET' ? ['GET', 'HEAD'] : [method]);
const patternOf = (path: string) => new URLPattern({ pathname: path });
const CONTROL_CHARACTER = /\p{Cc}/u;

/**
 * A function serving one path (or, where a platform cannot route them apart, more: the public lookup and
 * the batch lookup): each request goes to the entry of its path and method.
 */
// biome-ignore lint/suspicious/noExplicitAny: a function's routes are of different entries; `on` types each.
export function defineHandler(first: Route<any>, ...others: Route<any>[]): Handler {
  const routes = [first, ...others];
  const compiled = routes.map((route) => ({
    route,
    pattern: patternOf(route.endpoint.path),
    literal: !route.endpoint.path.includes(':'),
    run: handle((request, context) => run(route, request, context), {
      errors: route.endpoint.errorBody ?? 'api',
      ...(route.options.form ? { form: route.options.form } : {}),
    }),
  }));
  const handler = async (request: Request, context: FunctionContext = {}) => {
    // netlify dev and serve may hand a path on with a trailing slash.
    const pathname = new URL(request.url).pathname.replace(/(.)\/$/, '$1');
    const matching = compiled.filter(({ pattern }) => pattern.test({ pathname }));
    const literal = matching.filter((entry) => entry.literal);
    const candidates = literal.length ? literal : matching.length ? matching : compiled;
    const chosen = candidates.find(({ route }) => methodsOf(route.endpoint).includes(request.method));
    if (!chosen) {
      const allow = [...new Set(candidates.flatMap(({ route }) => methodsOf(route.endpoint)))];
      return refuse(first.endpoint, allow)(request, context);
    }
    // Netlify fills context.params; netlify functions:serve does not, and netlify dev retries 404s without.
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(chosen.pattern.exec({ pathname })?.pathname.groups ?? {})) {
      if (value !== undefined) params[name] = value;
    }
    return chosen.run(request, { ...context, params: { ...params, ...context.params } });
  };
  return Object.assign(handler, { endpoints: routes.map(({ endpoint }) => endpoint) });
}

const refuse = (endpoint: Endpoint, allow: string[]) =>
  handle(
    async () => {
      throw new HttpError(405, 'Method not allowed', { headers: { Allow: allow.join(', ') } });
    },
    { errors: endpoint.errorBody ?? 'api' },
  );

/** Parses a path, query or body part; the failure, if any, is thrown later (after the access check). */
type Parsed<T> = { value: T; fault?: undefined } | { value?: undefined; fault: HttpError };

async function parsed<T>(parse: () => T | Promise<T>): Promise<Parsed<T>> {
  try {
    return { value: await parse() };
  } catch (error) {
    if (error instanceof HttpError) return { fault: error };
    throw error;
  }
}

/**
 * The path parameters through the entry's schema. A control character is never part of an id (422
 * naming it, as in a body); a value the schema refuses names nothing: 404 with the schema's message.
 */
function pathParams(endpoint: Endpoint, context: FunctionContext): Record<string, unknown> {
  if (!endpoint.params) return {};
  const raw: Record<string, string> = {};
  for (const name of Object.keys(endpoint.params.shape)) {
    const value = safeDecode(context.params?.[name] ?? '');
    if (CONTROL_CHARACTER.test(value)) {
      throw new HttpError(422, `The ${name} in the address must not contain control characters`, {
        errors: { [name]: [NO_CONTROL_CHARACTERS] },
      });
    }
    raw[name] = value;
  }
  const result = endpoint.params.safeParse(raw);
  if (!result.success) throw new HttpError(404, result.error.issues[0]?.message ?? 'Not found');
  return result.data;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

async function run<E extends Endpoint>(route: Route<E>, request: Request, context: FunctionContext) {
  const { endpoint, action, options } = route;
  if (!endpoint.crossSite && !presentsKey(endpoint, request)) assertSameOrigin(request);
  const params = await parsed(() => pathParams(endpoint, context));
  const query = await parsed(() => (endpoint.query ? readQuery(request, endpoint.query) : {}));
  const limits = options.maxBytes ? { maxBytes: options.maxBytes } : {};
  const reader = endpoint.accepts === 'multipart/form-data' ? readMultipart : options.form ? readJsonOrForm : readJson;
  const readBody = async () => (endpoint.body ? await reader(request, endpoint.body, limits) : {});
  const early = options.reads ? await parsed(readBody) : undefined;
  const db = await getDb();
  const client = clientInfo(request, context);
  const reads =
    options.reads && params.value && query.value && early?.value
      ? options.reads({
          params: params.value,
          query: query.value,
          body: early.value,
          caller: callerSql(endpoint, request),
          client,
        } as never)
      : [];
  const caller = await callerOf(
    endpoint,
    request,
    db,
    { statements: reads, write: options.readsWrite ?? false },
    client.address,
  );
  await options.guard?.({ db, client });
  // Only a caller who may make the call learns what is wrong with its address or body.
  if (params.fault) throw params.fault;
  if (query.fault) throw query.fault;
  if (early?.fault) throw early.fault;
  const body = early ? early.value : await readBody();
  const call = { request, context, db, params: params.value, query: query.value, body, client, ...caller };
  const answered = await action(call as Call<E>);
  if (answered instanceof Response) return answered;
  if (endpoint.produces === 'image/*') return picture(endpoint, answered as Picture);
  if (endpoint.produces) return download(endpoint, answered as Download);
  const answer = answered as Reply<E>;
  // The CDN and mail modules load only for the calls that use them: they bring the lookup's and every
  // email's schemas, which a function instance would otherwise build before its first answer.
  if (options.purges) {
    const { purgeLookups } = await import('./cdn');
    await purgeLookups(context, options.purges(answer, call as Call<E>));
  }
  const { delivers } = options;
  if (typeof delivers === 'function' ? delivers(answer) : delivers) {
    const { deliverAfterAnswer } = await import('./outbox-delivery');
    deliverAfterAnswer(context);
  }
  return reply(endpoint, answer, options.headers?.(answer, call as Call<E>));
}
