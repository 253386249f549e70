import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, beforeAll } from 'vitest';

/**
 * Starts the package's own blobs server on a temporary directory for this test file and points the blobs
 * context at it, as `netlify dev` does for a function (NETLIFY_BLOBS_CONTEXT).
 */
export function useBlobsServer(): void {
  let server: BlobsServer | undefined;
  let directory = '';
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'courier-blobs-'));
    const token = 'test-blobs-token';
    server = new BlobsServer({ directory, token, logger: () => {} });
    const { port } = await server.start();
    const url = `http://127.0.0.1:${port}`;
    const context = { edgeURL: url, uncachedEdgeURL: url, siteID: 'test-site', token };
    process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify(context)).toString('base64');
  });
  afterAll(async () => {
    await server?.stop();
    delete process.env.NETLIFY_BLOBS_CONTEXT;
    await rm(directory, { recursive: true, force: true });
  });
}
