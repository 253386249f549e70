import type { z } from 'zod';
import { fieldErrors } from '@/lib/field-errors';
import { HttpError, invalidInput, isFormPost } from './http';

// Reading a request: its JSON body, a page's plain form or a form with files, and its query string, each
// through its schema.

const MAX_BODY_BYTES = 64 * 1024;

/**
 * Reads a JSON body and validates it with a zod schema: 415 without a JSON content type, 413 over
 * 64 KB (or the call's own limit), 400 when malformed, 422 with the failing fields. Unknown fields
 * are dropped by the schema.
 */
export async function readJson<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  { maxBytes = MAX_BODY_BYTES }: { maxBytes?: number } = {},
): Promise<z.infer<Schema>> {
  requireJsonContentType(request);
  const text = await readBodyText(request, maxBytes);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body is not valid JSON');
  }
  return validBody(schema, body);
}

/**
 * Reads a page's plain form post (`application/x-www-form-urlencoded`, as a browser sends it when the
 * page's script has not run) with the same limits and schema as `readJson`; a field sent twice counts
 * once, as its first value. 415 for any other content type.
 */
async function readForm<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  { maxBytes = MAX_BODY_BYTES }: { maxBytes?: number } = {},
): Promise<z.infer<Schema>> {
  if (!isFormPost(request)) throw new HttpError(415, 'Content-Type must be application/x-www-form-urlencoded');
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(await readBodyText(request, maxBytes))) fields[name] ??= value;
  return validBody(schema, fields);
}

/** The body of a call that takes either a JSON body or the page's plain form. */
export function readJsonOrForm<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  limits: { maxBytes?: number } = {},
): Promise<z.infer<Schema>> {
  return isFormPost(request) ? readForm(request, schema, limits) : readJson(request, schema, limits);
}

/**
 * Reads a form with files (`multipart/form-data`) with the same limits and schema as `readJson`: 415 for
 * another content type, 413 over the limit (before any parsing), 400 when the form is malformed. A field
 * sent twice counts once, as its first value; files reach the schema as `File`s.
 */
export async function readMultipart<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  { maxBytes = MAX_BODY_BYTES }: { maxBytes?: number } = {},
): Promise<z.infer<Schema>> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type)) throw new HttpError(415, 'Content-Type must be multipart/form-data');
  const bytes = await readBodyBytes(request, maxBytes);
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new HttpError(400, 'Request body is not a valid multipart/form-data form');
  }
  const fields: Record<string, FormDataEntryValue> = {};
  for (const [name, value] of form) fields[name] ??= value;
  return validBody(schema, fields);
}

async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  return (await readBodyBytes(request, maxBytes)).toString('utf8');
}

async function readBodyBytes(request: Request, maxBytes: number): Promise<Buffer<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  return readLimited(request, maxBytes);
}

function validBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.infer<Schema> {
  const result = schema.safeParse(body);
  if (!result.success) {
    throw invalidInput(fieldErrors(result.error));
  }
  return result.data;
}

const tooLarge = (maxBytes: number) =>
  new HttpError(413, `Request body is too large (${Math.round(maxBytes / 1024)} KB at most)`);

/** 415 unless the request declares a JSON body (unsafe calls need it even without a body: a form cannot send it cross-site). */
export function requireJsonContentType(request: Request): void {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new HttpError(415, 'Content-Type must be application/json');
  }
}

/** Validates a request's query string with a zod schema: 422 with the failing parameters. */
export function readQuery<Schema extends z.ZodType>(request: Request, schema: Schema): z.infer<Schema> {
  const result = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!result.success) {
    throw invalidInput(fieldErrors(result.error));
  }
  return result.data;
}

async function readLimited(request: Request, maxBytes: number): Promise<Buffer<ArrayBuffer>> {
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
