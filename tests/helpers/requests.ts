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

/** Calls a Netlify function handler the way the platform does, with the route's params. */
export async function call(
  handler: (request: Request, context: never) => Promise<Response> | Response,
  request: Request,
  params: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: any }> {
  const response = await handler(request, { params } as never);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}
