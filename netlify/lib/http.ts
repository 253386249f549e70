import { ConfigError } from './env';

/** Headers every function response carries. */
const BASE_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
} as const;

export function json(status: number, body: unknown, headers: HeadersInit = {}): Response {
  const merged = new Headers(BASE_HEADERS);
  new Headers(headers).forEach((value, key) => merged.set(key, value));
  return new Response(JSON.stringify(body), { status, headers: merged });
}

/** An expected failure that becomes a JSON answer with its status and body as given. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: HeadersInit = {},
  ) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${status}`);
  }
}

type Handler = (request: Request, context: { params?: Record<string, string> }) => Promise<Response>;

/**
 * Wraps a function handler: expected errors become their JSON answers; anything else (a database
 * that cannot be reached, a bug) is logged with its cause and answered 503 without internals.
 */
export function handle(handler: Handler): Handler {
  return async (request, context) => {
    try {
      return await handler(request, context ?? {});
    } catch (error) {
      if (error instanceof HttpError) return json(error.status, error.body, error.headers);
      console.error(`[${request.method} ${new URL(request.url).pathname}]`, error instanceof ConfigError ? error.message : error);
      return json(503, { status: 'error', message: 'The service is temporarily unavailable. Please try again shortly.' });
    }
  };
}

/**
 * A path parameter from Netlify's context, or parsed from the URL when the context has none
 * (netlify functions:serve never fills it; netlify dev retries 404s without it).
 */
export function pathParam(request: Request, context: { params?: Record<string, string> }, pattern: string, name: string): string {
  const fromContext = context.params?.[name];
  if (fromContext) return decodeURIComponent(fromContext);
  const match = new URLPattern({ pathname: pattern }).exec(request.url);
  return decodeURIComponent(match?.pathname.groups[name] ?? '');
}
