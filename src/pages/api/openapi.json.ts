import type { APIRoute } from 'astro';
import { openApiDocument } from '@/lib/api/openapi';

/** The API document, generated at build time from the contracts and served as a static file. */
export const GET: APIRoute = () =>
  new Response(JSON.stringify(openApiDocument('/'), null, 2), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
