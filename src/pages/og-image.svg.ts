import type { APIRoute } from 'astro';
import { company } from '@/data/company';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The Open Graph image, drawn from the company data so the name stays written once. */
export const GET: APIRoute = () =>
  new Response(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630">` +
      `<rect width="1200" height="630" fill="#1e40af"/>` +
      `<rect x="80" y="80" width="140" height="140" rx="30" fill="#fff"/>` +
      `<path d="M110 180v-60h26l34 40v-40h20v60h-26l-34-40v40z" fill="#1e40af"/>` +
      `<text x="80" y="360" font-family="Arial, sans-serif" font-size="72" font-weight="700" fill="#fff">${escapeXml(company.name)}</text>` +
      `<text x="80" y="440" font-family="Arial, sans-serif" font-size="40" fill="#bfdbfe">${escapeXml(company.tagline)}</text>` +
      `<rect x="80" y="500" width="220" height="12" rx="6" fill="#f97316"/></svg>`,
    { headers: { 'Content-Type': 'image/svg+xml' } },
  );
