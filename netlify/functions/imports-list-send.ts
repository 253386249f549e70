import type { Config } from '@netlify/functions';
import { importsApi } from '@/lib/api/imports';
import { defineHandler, on, success } from '../lib/handler';
import { chunkReads, listImports, sendChunk } from '../lib/imports';

/** The history of imports, and one chunk of a file's rows imported (each row checked again, in one transaction). */
export default defineHandler(
  on(importsApi.list)(({ db }) => success(listImports(db))),
  on(importsApi.send)(({ db, body, user, results }) => success(sendChunk(db, body, user, results)), {
    reads: ({ body }) => chunkReads(body),
    // A chunk of 500 rows with long notes and addresses is well over the usual 64 KB.
    maxBytes: 4 * 1024 * 1024,
  }),
);

export const config: Config = { path: '/api/imports' };
