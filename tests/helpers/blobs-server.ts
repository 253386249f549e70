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

/** Runs `work` with the blobs context pointing at a store nobody answers at (its calls fail), then puts it back. */
export async function withStoreAway<T>(work: () => Promise<T>): Promise<T> {
  const context = process.env.NETLIFY_BLOBS_CONTEXT;
  const away = { edgeURL: 'http://127.0.0.1:9', uncachedEdgeURL: 'http://127.0.0.1:9', siteID: 'x', token: 'x' };
  process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify(away)).toString('base64');
  try {
    return await work();
  } finally {
    process.env.NETLIFY_BLOBS_CONTEXT = context;
  }
}
