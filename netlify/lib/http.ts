import type { Endpoint, Reply } from '@/lib/api/contract';
import type { FieldErrors } from '@/lib/field-errors';
import { afterBusy } from './db';
import { ConfigError } from './env';

/**
 * Headers every function response carries. A JSON answer never runs anything, so its CSP allows
 * nothing at all; the rest match what netlify.toml sets on pages.
 */
const BASE_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy':
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
} as const;

/** BASE_HEADERS by lower-case name, as a Headers object would name them. */
const BASE_BY_NAME: Record<string, string> = Object.fromEntries(
  Object.entries(BASE_HEADERS).map(([name, value]) => [name.toLowerCase(), value]),
);

function json(status: number, body: unknown, headers: HeadersInit = {}): Response {
  // One plain object, made into Headers once by the Response: every answer is built here, the busiest
  // (the public lookup) included.
  const merged = { ...BASE_BY_NAME };
  const extra = headers instanceof Headers || Array.isArray(headers) ? headers : Object.entries(headers);
  for (const [name, value] of extra) merged[name.toLowerCase()] = value;
  return new Response(JSON.stringify(body), { status, headers: merged });
}

/** An endpoint's success answer: its contract's status, and a body its response schema describes. */
export function reply<E extends Endpoint>(endpoint: E, body: Reply<E>, headers: HeadersInit = {}): Response {
  return json(endpoint.status, body, headers);
}

/** A file answer streamed as it is read (an export): the name it is saved under and its text, piece by piece. */
export interface Download {
  filename: string;
  chunks: AsyncIterable<string>;
}

/**
 * An endpoint's file answer: its contract's status and media type, the usual headers, saved as an
 * attachment. Each piece is read when the client is ready for it, so a large file never sits in
 * memory; a failure midway is logged and cuts the download short (the client sees it incomplete).
 */
export function download(endpoint: Endpoint, { filename, chunks }: Download): Response {
  const encoder = new TextEncoder();
  const pieces = chunks[Symbol.asyncIterator]();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await pieces.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (error) {
        console.error(`[download ${filename}]`, error);
        controller.error(error);
      }
    },
    async cancel() {
      await pieces.return?.();
    },
  });
  return new Response(body, {
    status: endpoint.status,
    headers: {
      ...BASE_BY_NAME,
      'content-type': `${endpoint.produces ?? 'application/octet-stream'}; charset=utf-8`,
      'content-disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
    },
  });
}

/** An image answer (a proof's signature or photo): its bytes and its media type, checked when it was stored. */
export interface Picture {
  type: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/**
 * An endpoint's image answer: the usual headers with the image's type, kept by no cache (it is shown only to
 * whom the call allowed) and never sniffed as anything else.
 */
export function picture(endpoint: Endpoint, { type, bytes }: Picture): Response {
  return new Response(bytes, {
    status: endpoint.status,
    headers: {
      ...BASE_BY_NAME,
      'content-type': type,
      'cache-control': 'private, no-store',
      'content-length': String(bytes.byteLength),
    },
  });
}

/** An expected failure: its status, a message for people, and per-field errors for 422s. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly options: {
      errors?: FieldErrors;
      headers?: HeadersInit;
      duplicateOf?: string;
      code?: 'TWO_FACTOR_REQUIRED';
    } = {},
  ) {
    super(message);
  }
}

const INVALID = 'The given data was invalid.';

/** A 422 naming the fields at fault. */
export function invalidInput(errors: FieldErrors): HttpError {
  return new HttpError(422, INVALID, { errors });
}

/**
 * How a function words its errors: the admin API answers `{status: "error", message, errors?}`; the
 * public tracking lookup keeps the `{status: false, error}` its clients read.
 */
export type ErrorShape = 'api' | 'tracking';

function errorBody(
  shape: ErrorShape,
  message: string,
  {
    errors,
    duplicateOf,
    code,
  }: { errors?: FieldErrors | undefined; duplicateOf?: string | undefined; code?: string | undefined } = {},
): Record<string, unknown> {
  if (shape === 'tracking') return { status: false, error: message };
  return {
    status: 'error',
    message,
    ...(errors ? { errors } : {}),
    ...(duplicateOf ? { duplicate_of: duplicateOf } : {}),
    ...(code ? { code } : {}),
  };
}

export interface FunctionContext {
  params?: Record<string, string>;
  ip?: string;
  /** Netlify keeps the function running until the promise settles, after the answer is sent. */
  waitUntil?: (promise: Promise<unknown>) => void;
}

type Handler = (request: Request, context: FunctionContext) => Promise<Response>;

const UNAVAILABLE = 'The service is temporarily unavailable. Please try again shortly.';

/**
 * Wraps a function handler: expected errors become JSON answers in the function's error shape;
 * anything else (a database that cannot be reached, a bug) is logged with its cause and answered
 * 503 without internals. A function that takes a page's plain form (`form`) answers that form's
 * failures as a small HTML page leading back to it.
 */
export function handle(
  handler: Handler,
  { errors = 'api', form }: { errors?: ErrorShape; form?: FormPage } = {},
): Handler {
  return async (request, context) => {
    const asPage = form && isFormPost(request) ? form : null;
    try {
      return await handler(request, context ?? {});
    } catch (error) {
      if (error instanceof HttpError) {
        if (asPage) return formFailure(asPage, error.status, error.message, error.options);
        return json(error.status, errorBody(errors, error.message, error.options), error.options.headers);
      }
      console.error(
        `[${request.method} ${new URL(request.url).pathname}]`,
        error instanceof ConfigError ? error.message : error,
      );
      const headers = afterBusy(error);
      if (asPage) return formFailure(asPage, 503, UNAVAILABLE, { headers });
      return json(503, errorBody(errors, UNAVAILABLE), headers);
    }
  };
}

/** Where a page's plain form lives, for the HTML answer that leads back to it. */
export interface FormPage {
  /** What the form does, as the answer's heading says it could not be done ("Your quote request"). */
  subject: string;
  /** The form's address on the site, e.g. `/#quote`. */
  back: string;
}

/** A page's own form posted without its script: `application/x-www-form-urlencoded`. */
export function isFormPost(request: Request): boolean {
  return /^application\/x-www-form-urlencoded\b/i.test(request.headers.get('content-type') ?? '');
}

/**
 * The HTML answers of a plain form post. They run nothing and load nothing, so their CSP allows
 * only their own inline style.
 */
const PAGE_HEADERS: Record<string, string> = {
  ...BASE_BY_NAME,
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function formFailure(
  form: FormPage,
  status: number,
  message: string,
  { errors, headers = {} }: { errors?: FieldErrors; headers?: HeadersInit } = {},
): Response {
  const items = Object.values(errors ?? {}).flat();
  const list = items.length ? `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : '';
  const title = `${form.subject} was not sent`;
  const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>body{font:1.125rem/1.6 system-ui,sans-serif;color:#0f172a;max-width:40rem;margin:3rem auto;padding:0 1rem}a{color:#1e40af;font-weight:600}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${list}
<p>Go back with your browser to correct it, or <a href="${escapeHtml(form.back)}">open the form again</a>.</p>
</main>
</body>
</html>
`;
  const merged = { ...PAGE_HEADERS };
  const extra = headers instanceof Headers || Array.isArray(headers) ? headers : Object.entries(headers);
  for (const [name, value] of extra) merged[name.toLowerCase()] = value;
  return new Response(page, { status, headers: merged });
}

/** 303 See Other: after a plain form post, the browser opens `location` with a GET (a reload sends nothing again). */
export function seeOther(location: string): Response {
  const { 'content-type': _, ...headers } = BASE_BY_NAME;
  return new Response(null, { status: 303, headers: { ...headers, location } });
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses state-changing requests from other sites: a cross-site Sec-Fetch-Site, or an Origin
 * that is not this site's own. (SameSite=Strict cookies are the first line; this is the second.)
 */
export function assertSameOrigin(request: Request): void {
  if (!UNSAFE_METHODS.has(request.method)) return;
  if (request.headers.get('sec-fetch-site') === 'cross-site') {
    throw new HttpError(403, 'Cross-site requests are not allowed');
  }
  const origin = request.headers.get('origin');
  if (origin && origin !== new URL(request.url).origin) {
    throw new HttpError(403, 'Cross-site requests are not allowed');
  }
}

/** The client's address: Netlify's context.ip, else its connection header, else the first forwarded hop. */
function clientAddress(request: Request, context: FunctionContext): string {
  const address =
    context.ip ??
    request.headers.get('x-nf-client-connection-ip') ??
    request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  // An IPv6 address with a zone is 50 characters at most; anything longer is not one.
  return address && address.length <= 64 ? address : 'unknown';
}

/** Who is calling, as the sign-in and the session list record it. */
export interface ClientInfo {
  address: string;
  /** The User-Agent header, cut to 512 characters. */
  userAgent: string;
}

export function clientInfo(request: Request, context: FunctionContext): ClientInfo {
  return {
    address: clientAddress(request, context),
    userAgent: (request.headers.get('user-agent') ?? '').slice(0, 512),
  };
}
