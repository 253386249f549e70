import { type Endpoint, errorSchema, errorStatuses } from '../../src/lib/api/contract';
import { ENDPOINTS } from '../../src/lib/api/endpoints';

export const SITE = 'http://localhost:8888';

/** A request as a browser on the site itself would send it. */
export function apiRequest(path: string, init: RequestInit & { json?: unknown } = {}): Request {
  const { json, headers, ...rest } = init;
  const merged = new Headers(headers);
  if (json !== undefined) {
    merged.set('Content-Type', 'application/json');
    merged.set('Origin', SITE);
    merged.set('Sec-Fetch-Site', 'same-origin');
  }
  return new Request(new URL(path, SITE), {
    ...rest,
    headers: merged,
    ...(json !== undefined ? { body: JSON.stringify(json), method: rest.method ?? 'POST' } : {}),
  });
}

export interface Answer {
  status: number;
  headers: Headers;
  /** Read field by field in tests; `call` has already checked it against the contract. */
  body: any;
}

/** Calls a Netlify function handler the way the platform does, with the route's params; checks the answer against the contract. */
export async function call(
  handler: (request: Request, context: never) => Promise<Response> | Response,
  request: Request,
  params: Record<string, string> = {},
): Promise<Answer> {
  const response = await handler(request, { params } as never);
  const text = await response.text();
  // A file answer (a CSV export) is its text; every other answer is JSON.
  const file = response.ok && !/^application\/json\b/.test(response.headers.get('content-type') ?? '');
  const answer = {
    status: response.status,
    headers: response.headers,
    body: file ? text : text ? JSON.parse(text) : null,
  };
  assertMatchesContract(request, answer);
  return answer;
}

/**
 * The contract calls at the request's path: the one with its method first (HEAD reads as GET). A
 * path without parameters wins over a pattern that also matches it (`/api/tracking/batch` is its own
 * function, excluded from `/api/tracking/:trackingNumber`).
 */
function endpointsAt(method: string, url: string): Endpoint[] {
  const wanted = method === 'HEAD' ? 'GET' : method;
  const matching = ENDPOINTS.map(({ endpoint }) => endpoint).filter((endpoint) =>
    new URLPattern({ pathname: endpoint.path }).test(url),
  );
  const literal = matching.filter((endpoint) => !endpoint.path.includes(':'));
  return (literal.length ? literal : matching).sort(
    (a, b) => Number(b.method === wanted) - Number(a.method === wanted),
  );
}

/**
 * Every answer a test sees must be one the contract declares: a success with the call's status and
 * response schema, or an error status the call declares with its error body. A path the contract
 * does not know (e.g. a netlify dev retry such as `/api/tracking/`) is not checked.
 */
export function assertMatchesContract(request: Request, answer: Omit<Answer, 'headers'>): void {
  const [endpoint] = endpointsAt(request.method, request.url);
  if (!endpoint || request.method === 'HEAD') return;
  const route = `${request.method} ${new URL(request.url).pathname}`;
  const sameMethod = endpoint.method === request.method;
  if (answer.status < 400) {
    if (!sameMethod || answer.status !== endpoint.status) {
      throw new Error(
        `${route} answered ${answer.status}; the contract says ${endpoint.method} answers ${endpoint.status}`,
      );
    }
    const parsed = endpoint.response.safeParse(answer.body);
    if (!parsed.success) throw new Error(`${route} answer breaks its contract: ${parsed.error.message}`);
    return;
  }
  const declared = sameMethod ? errorStatuses(endpoint) : [405];
  if (!declared.includes(answer.status as never)) {
    throw new Error(`${route} answered ${answer.status}, not among its declared error statuses ${declared.join(', ')}`);
  }
  const parsed = errorSchema(endpoint).safeParse(answer.body);
  if (!parsed.success) throw new Error(`${route} error answer breaks its contract: ${parsed.error.message}`);
}
