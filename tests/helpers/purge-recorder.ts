import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

interface RecordedPurge {
  authorization: string | undefined;
  body: { cache_tags?: string[]; site_id?: string };
  /** What `inspect` saw when the purge arrived (e.g. the database's state at that moment). */
  seen: unknown;
}

/**
 * A loopback stand-in for Netlify's purge API (`POST /api/v1/purge`), where `purgeCache` sends its calls when
 * its `apiURL` points here: it records each body, answering `status` (200 unless told otherwise).
 */
export async function startPurgeRecorder(inspect: () => Promise<unknown> = async () => null) {
  const purges: RecordedPurge[] = [];
  const state = { status: 200 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      if (req.method === 'POST' && req.url === '/api/v1/purge') {
        purges.push({
          authorization: req.headers.authorization,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
          seen: await inspect(),
        });
      }
      res.writeHead(state.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    purges,
    answer(status: number) {
      state.status = status;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
