import { createServer, type Server } from 'node:http';

type Handler = (request: Request, context: { params: Record<string, string> }) => Promise<Response> | Response;

/**
 * A minimal node:http server that routes to function handlers by URLPattern, the same way Netlify
 * fills `context.params`: the handler cost without netlify-cli's per-call worker threads.
 */
export async function startHandlerServer(
  routes: Array<[pattern: string, handler: Handler]>,
): Promise<{ url: string; server: Server }> {
  const compiled = routes.map(([pattern, handler]) => [new URLPattern({ pathname: pattern }), handler] as const);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    for (const [pattern, handler] of compiled) {
      const match = pattern.exec(url);
      if (!match) continue;
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const request = new Request(url, {
        method: req.method ?? 'GET',
        headers: req.headers as Record<string, string>,
        ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
      });
      const response = await handler(request, { params: match.pathname.groups as Record<string, string> });
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
