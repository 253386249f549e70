import { formatDate, formatDateTime } from '@/lib/date-display';
import type { CompanySettingsValue } from '@/lib/schemas/settings';

/** How every email is laid out: its content as plain text and as HTML, with the company's details. */

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/** Emails are read anywhere: times in UTC, the zone every stored time is in, and said so; dates spelled out. */
const EMAIL_READING = { locale: 'en-GB', timeZone: 'UTC', style: 'long' } as const;

export const formatMoment = (iso: string) => `${formatDateTime(iso, EMAIL_READING)} UTC`;
export const formatDay = (value: string) => formatDate(value, EMAIL_READING);

export type Fact = [label: string, value: string | null | undefined];

/** What an email says, before it is laid out as text and HTML. */
export interface Content {
  subject: string;
  heading: string;
  paragraphs: string[];
  facts: Fact[];
  action?: { label: string; href: string };
  list?: { title: string; items: string[]; more?: string };
  /** Why the reader gets this email, above the unsubscribe link. */
  reason: string;
}

function companyLines(company: CompanySettingsValue): string[] {
  const place = [company.city, company.state, company.postal_code].filter(Boolean).join(' ');
  return [
    company.company_name,
    `${company.address}, ${place}`,
    [company.phone, company.email].join(' · '),
    ...(company.website ? [company.website] : []),
  ];
}

export function asText(body: Content, company: CompanySettingsValue, unsubscribe: string | null): string {
  const facts = body.facts.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`);
  const list = body.list
    ? [
        `${body.list.title}:`,
        ...(body.list.items.length ? body.list.items.map((item) => `- ${item}`) : ['- none']),
        ...(body.list.more ? [body.list.more] : []),
      ]
    : [];
  return [
    body.heading,
    '',
    ...body.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(facts.length ? [...facts, ''] : []),
    ...(list.length ? [...list, ''] : []),
    ...(body.action ? [`${body.action.label}: ${body.action.href}`, ''] : []),
    '--',
    ...companyLines(company),
    '',
    body.reason,
    ...(unsubscribe ? [`Unsubscribe: ${unsubscribe}`] : []),
    '',
  ].join('\n');
}

export function asHtml(body: Content, company: CompanySettingsValue, unsubscribe: string | null): string {
  const e = escapeHtml;
  const facts = body.facts.filter(([, value]) => value);
  const rows = facts
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;color:#475569;font-weight:600">${e(label)}</th><td style="padding:4px 0;color:#0f172a">${e(value ?? '')}</td></tr>`,
    )
    .join('');
  const list = body.list
    ? `<h2 style="font-size:16px;margin:24px 0 8px">${e(body.list.title)}</h2>${
        body.list.items.length
          ? `<ul style="padding-left:20px;margin:0">${body.list.items.map((item) => `<li>${e(item)}</li>`).join('')}</ul>`
          : '<p style="margin:0">None.</p>'
      }${body.list.more ? `<p style="margin:8px 0 0">${e(body.list.more)}</p>` : ''}`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(body.subject)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:600px;margin:0 auto;padding:24px">
<p style="margin:0 0 16px;font-weight:700;color:#1e3a8a">${e(company.company_name)}</p>
<div style="background:#ffffff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${e(body.heading)}</h1>
${body.paragraphs.map((paragraph) => `<p style="margin:0 0 12px;line-height:1.5">${e(paragraph)}</p>`).join('\n')}
${rows ? `<table role="presentation" style="border-collapse:collapse;margin:8px 0 16px">${rows}</table>` : ''}
${list}
${body.action ? `<p style="margin:24px 0 0"><a href="${e(body.action.href)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:700">${e(body.action.label)}</a></p><p style="margin:8px 0 0;font-size:12px;color:#475569">Or open ${e(body.action.href)}</p>` : ''}
</div>
<p style="margin:16px 0 4px;font-size:12px;color:#475569">${companyLines(company).map(e).join('<br>')}</p>
<p style="margin:12px 0 0;font-size:12px;color:#475569">${e(body.reason)}${unsubscribe ? ` <a href="${e(unsubscribe)}" style="color:#1d4ed8">Unsubscribe</a>` : ''}</p>
</div>
</body></html>
`;
}
