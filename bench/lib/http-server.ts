import { createServer, type IncomingMessage, type Server } from 'node:http';

type Handler = (request: Request, context: { params: Record<string, string> }) => Promise<Response> | Response;

/**
 * A function path such as `/api/tracking/:trackingNumber` as a matcher answering its named segments, as
 * Netlify fills `context.params` (a segment never spans a slash). A RegExp rather than URLPattern, whose
 * exec costs some 18 microseconds a request: the server should cost little beside what it measures.
 */
function compilePath(pattern: string): (pathname: string) => Record<string, string> | null {
  const names: string[] = [];
  const source = pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  const regexp = new RegExp(`^${source}/?$`);
  return (pathname) => {
    const match = regexp.exec(pathname);
    return match ? Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])) : null;
  };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * A minimal node:http server that routes to function handlers by path the way Netlify fills
 * `context.params`: the handler cost without netlify-cli's per-call worker threads.
 */
export async function startHandlerServer(
  routes: Array<[pattern: string, handler: Handler]>,
): Promise<{ url: string; server: Server }> {
  const compiled = routes.map(([pattern, handler]) => [compilePath(pattern), handler] as const);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    for (const [match, handler] of compiled) {
      const params = match(url.pathname);
      if (!params) continue;
      const method = req.method ?? 'GET';
      const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      const response = await handler(
        new Request(url, { method, headers, ...(body?.length ? { body: new Uint8Array(body) } : {}) }),
        {
          params,
        },
      );
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, server };
}
