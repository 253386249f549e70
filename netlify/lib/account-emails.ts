import { z } from 'zod';
import { ROLE_LABELS, ROLES } from '@/lib/roles';
import { type Content, formatMoment } from './email-layout';

/**
 * The emails about a staff member's own account (a sign-in link, a password reset, an invitation):
 * sent to the account's address, with no subscription to end. Their links carry the token in the
 * fragment, which browsers send to no server, log or Referer.
 */

export const ACCOUNT_KINDS = ['sign_in_link', 'password_reset', 'staff_invitation'] as const;
type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** A one-time link emailed to a staff account: its token, and where and when it was asked for. */
const accountLink = z.object({ token: z.string(), address: z.string(), at: z.string(), expires_at: z.string() });

/** What each kind records, as JSON in the outbox row. */
export const ACCOUNT_PAYLOADS = {
  sign_in_link: accountLink,
  password_reset: accountLink,
  staff_invitation: z.object({
    token: z.string(),
    role: z.enum(ROLES),
    invited_by: z.string(),
    expires_at: z.string(),
  }),
} satisfies Record<AccountKind, z.ZodType>;

const LINK_PAGES = {
  sign_in_link: '/admin-sign-in-link',
  staff_invitation: '/admin-invitation',
  password_reset: '/admin-reset-password',
} satisfies Record<AccountKind, string>;
const link = (kind: AccountKind, site: string, token: string) => `${site}${LINK_PAGES[kind]}#${token}`;

export function accountContent(kind: AccountKind, raw: unknown, site: string): Content {
  switch (kind) {
    case 'sign_in_link': {
      const p = ACCOUNT_PAYLOADS.sign_in_link.parse(raw);
      return {
        subject: 'Your sign-in link for the admin portal',
        heading: 'Finish signing in',
        paragraphs: [
          `Your password was entered on ${formatMoment(p.at)} from the address ${p.address}. Your account had many failed sign-in attempts from elsewhere, so to finish signing in we ask you to open this link.`,
          `The link signs in once and only until ${formatMoment(p.expires_at)}.`,
          'If it was not you, someone knows your password: do not open the link, and change your password (or ask an administrator to) at once.',
        ],
        facts: [],
        action: { label: 'Sign in', href: link(kind, site, p.token) },
        reason: 'You receive this because your password was entered on the sign-in page of the admin portal.',
      };
    }
    case 'staff_invitation': {
      const p = ACCOUNT_PAYLOADS.staff_invitation.parse(raw);
      return {
        subject: 'You are invited to the admin portal',
        heading: 'Join the team',
        paragraphs: [
          `${p.invited_by} invited you to the admin portal as ${ROLE_LABELS[p.role].toLowerCase()}.`,
          `Open the link to choose your name and password. It works once and only until ${formatMoment(p.expires_at)}.`,
          'If you did not expect this, ignore this email: no account is made without the link.',
        ],
        facts: [],
        action: { label: 'Accept the invitation', href: link(kind, site, p.token) },
        reason: 'You receive this because an administrator of the admin portal invited this address.',
      };
    }
    case 'password_reset': {
      const p = ACCOUNT_PAYLOADS.password_reset.parse(raw);
      return {
        subject: 'Reset your password for the admin portal',
        heading: 'Reset your password',
        paragraphs: [
          `A new password for your account was asked for on ${formatMoment(p.at)} from the address ${p.address}. Choose it with this link.`,
          `The link works once and only until ${formatMoment(p.expires_at)}; a newer request replaces it. Setting the new password signs you out everywhere.`,
          'If it was not you, ignore this email: your password stays as it is.',
        ],
        facts: [],
        action: { label: 'Choose a new password', href: link(kind, site, p.token) },
        reason: 'You receive this because a password reset was asked for this address on the admin portal.',
      };
    }
  }
}
