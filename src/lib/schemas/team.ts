import { z } from 'zod';
import { ROLES, type Role } from '../roles';
import { INVITATION_MESSAGES, LOGIN_LIMITS } from '../sign-in';
import { MIN_PASSWORD_LENGTH } from './account';
import { requiredEmail, requiredText } from './fields';
import { noControlCharacters } from './text';

// The Team screen (admin only) and the invitation page: staff accounts, invitations, and which roles
// must sign in with a second factor.

export const STAFF_STATUSES = ['active', 'deactivated'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];
export const STAFF_STATUS_LABELS: Record<(typeof STAFF_STATUSES)[number], string> = {
  active: 'Active',
  deactivated: 'Deactivated',
};

const role = z.enum(ROLES, { error: `Must be one of ${ROLES.join(', ')}` });

/** A staff member as the Team screen lists them. Last sign-in is the newest `login` activity entry. */
export const staffMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(STAFF_STATUSES),
  two_factor: z.boolean(),
  last_sign_in_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** A pending invitation: never its link, which only the email carries. */
export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(ROLES),
  invited_by_email: z.string(),
  created_at: z.iso.datetime(),
  expires_at: z.iso.datetime(),
  expired: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** Which roles must sign in with a second factor (Team screen), stored with the other settings. */
export const twoFactorPolicySchema = z.object(
  Object.fromEntries(ROLES.map((name) => [name, z.boolean({ error: 'Must be true or false' })])) as Record<
    (typeof ROLES)[number],
    z.ZodBoolean
  >,
);
export type TwoFactorPolicy = z.infer<typeof twoFactorPolicySchema>;

/** `POST /api/team/invitations`: who to invite, and as what. */
export const invitationCreateSchema = z.object({ email: requiredEmail('Email'), role });

/** `PATCH /api/team/members/:memberId`: a new role, or a new status (one change at a time). */
export const memberChangeSchema = z
  .object({
    role: role.optional(),
    status: z.enum(STAFF_STATUSES, { error: 'Must be active or deactivated' }).optional(),
  })
  .refine((change) => (change.role === undefined) !== (change.status === undefined), {
    path: ['_'],
    message: 'Give either a role or a status',
  })
  .transform(({ role, status }): { role: Role } | { status: StaffStatus } =>
    role ? { role } : { status: status ?? 'active' },
  );

const token = z
  .string({ error: INVITATION_MESSAGES.notValid })
  .check(noControlCharacters())
  .min(1, INVITATION_MESSAGES.notValid)
  .max(100, INVITATION_MESSAGES.notValid);

/** `POST /api/team/invitation`: the link's token, to say who it invites before they choose a password. */
export const invitationTokenSchema = z.object({ token });

const password = (required: string) =>
  z
    .string({ error: required })
    .check(noControlCharacters())
    .min(1, required)
    .max(LOGIN_LIMITS.passwordMax, `Must be at most ${LOGIN_LIMITS.passwordMax} characters`);

/** `POST /api/team/invitation/accept`: the invitee's name and password (the rules of a password change). */
export const invitationAcceptSchema = z
  .object({
    token,
    name: requiredText(100, 'Name'),
    password: password('Password is required').refine(
      (value) => [...value].length >= MIN_PASSWORD_LENGTH,
      `Must be at least ${MIN_PASSWORD_LENGTH} characters`,
    ),
    confirm_password: z
      .string({ error: 'Please confirm the password' })
      .check(noControlCharacters())
      .min(1, 'Please confirm the password'),
  })
  .refine((input) => input.password === input.confirm_password, {
    path: ['confirm_password'],
    message: 'Does not match the password',
  });
export type InvitationAccept = z.infer<typeof invitationAcceptSchema>;
