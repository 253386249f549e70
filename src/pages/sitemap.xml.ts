import type { APIRoute } from 'astro';
import { canonicalPath, publicPaths } from '@/data/navigation';

/** Every public page; the admin app is left out on purpose. */
export const GET: APIRoute = ({ site }) => {
  const urls = publicPaths
    .map((path) => `  <url><loc>${new URL(canonicalPath(path), site).href}</loc></url>`)
    .join('\n');
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
    { headers: { 'Content-Type': 'application/xml; charset=utf-8' } },
  );
};
