import type { BodyInput } from '@/lib/api/contract';
import { importsApi } from '@/lib/api/imports';
import { callApi } from './client';

/** The import screen's one write: a chunk of a file's rows. */
export const sendImportChunk = (body: BodyInput<typeof importsApi.send>) => callApi(importsApi.send, { body });
