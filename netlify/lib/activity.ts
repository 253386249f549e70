import type { InStatement, InValue } from '@libsql/client';
import type { ACTION_LABELS, SUBJECT_LABELS } from '@/lib/audit';
import type { Role } from '@/lib/roles';

/**
 * Who did it, as every entry records it: a staff member by id and email (a session's user, one just
 * signed in, or the creator of a device key), the role they acted in and the request's address.
 */
export interface StaffUser {
  id: number;
  email: string;
  /** Null only for a device API key: a key acts under its own name and has no role. */
  role: Role | null;
  /** The client address of the request that made the write (see `clientInfo`). */
  address: string;
}

/** The actor's columns of an entry, in this order in every INSERT below. */
const ACTOR_COLUMNS = 'user_id, actor_email, actor_role, actor_address';
const actorArgs = (actor: StaffUser): InValue[] => [actor.id, actor.email, actor.role, actor.address];

/**
 * The activity log's one writer of entries (`activity-forget.ts` takes people out of them and purges old
 * ones). Every entry is a statement for the same batch as the write it records, so an entry exists exactly
 * when its write happened.
 */

/**
 * Actions the log records, each with its words in the audit trail: an action without a label does not
 * type-check, so the trail and its filter never meet one they cannot name.
 */
type Logged<Action extends keyof typeof ACTION_LABELS> = Action;

export type ShipmentAction = Logged<
  'shipment_created' | 'shipment_edited' | 'status_changed' | 'location_changed' | 'scan_recorded' | 'exception_handled'
>;
export type SessionAction = Logged<'login' | 'logout'>;
/** Changes to a staff member's own sign-in: password (changed, or reset by email), second factor, sessions. */
export type SecurityAction = Logged<
  | 'password_changed'
  | 'password_reset'
  | 'two_factor_enabled'
  | 'two_factor_disabled'
  | 'recovery_code_used'
  | 'session_ended'
  | 'other_sessions_ended'
>;
export type CustomerAction = Logged<
  'customer_created' | 'customer_updated' | 'customer_deactivated' | 'customer_reactivated' | 'customer_erased'
>;
export type QuoteAction = Logged<'quote_received' | 'quote_status_changed' | 'quote_offer_sent' | 'quote_accepted'>;
export type SettingsAction = Logged<'settings_changed'>;
/** Device API keys (Settings > Integrations). */
export type ApiKeyAction = Logged<'api_key_created' | 'api_key_revoked'>;
/** The gazetteer (Settings > Places). */
export type PlaceAction = Logged<'place_created' | 'place_updated' | 'place_deleted'>;
/** The team (admin only): invitations, roles, account status, the two-factor rule. */
export type TeamAction = Logged<
  | 'staff_invited'
  | 'invitation_resent'
  | 'invitation_revoked'
  | 'invitation_accepted'
  | 'staff_role_changed'
  | 'staff_deactivated'
  | 'staff_reactivated'
  | 'two_factor_policy_changed'
>;
/** Runs (dispatchers): a run's stops put in a new order, a pickup put on a driver's run. */
export type RunAction = Logged<'run_reordered' | 'pickup_assigned'>;

/** What a non-shipment entry is about, as stored in subject_type (with the subject's id), each with its words. */
export type ActivitySubject = Exclude<keyof typeof SUBJECT_LABELS, 'shipment'>;

/**
 * The activity_log row of a shipment write. It is inserted from the shipment's row, so it is
 * written only when the shipment exists.
 */
export function shipmentActivity(
  actor: StaffUser,
  action: ShipmentAction,
  trackingNumber: string,
  details: string,
  now: string,
  when: { sql: string; args: InValue[] } = { sql: '1', args: [] },
): InStatement {
  return {
    sql: `INSERT INTO activity_log (${ACTOR_COLUMNS}, action, shipment_id, tracking_number, details, created_at)
          SELECT ?, ?, ?, ?, ?, id, tracking_number, ?, ? FROM shipments WHERE tracking_number = ? AND ${when.sql}`,
    args: [...actorArgs(actor), action, details, now, trackingNumber, ...when.args],
  };
}

/**
 * The entry of a shipment put on, moved to or taken off a run: `stop_assigned`, `stop_moved` or
 * `stop_removed`, as the stop_assignments row the statement just before it inserted says; none when that
 * statement inserted nothing (a shipment already on the run, or on none).
 */
export function stopActivity(actor: StaffUser, details: string, now: string): InStatement {
  return {
    sql: `INSERT INTO activity_log (${ACTOR_COLUMNS}, action, shipment_id, tracking_number, details, created_at)
          SELECT ?, ?, ?, ?, 'stop_' || a.action, s.id, s.tracking_number, ?, ?
          FROM stop_assignments a JOIN shipments s ON s.id = a.shipment_id
          WHERE a.id = last_insert_rowid() AND changes() > 0`,
    args: [...actorArgs(actor), details, now],
  };
}

/** An entry about the actor's own session (sign-in, sign-out); only `when` its condition holds. */
export function sessionActivity(
  actor: StaffUser,
  action: SessionAction,
  now: string,
  when: { sql: string; args: InValue[] } = { sql: '1', args: [] },
): InStatement {
  return {
    sql: `INSERT INTO activity_log (${ACTOR_COLUMNS}, action, created_at) SELECT ?, ?, ?, ?, ?, ? WHERE ${when.sql}`,
    args: [...actorArgs(actor), action, now, ...when.args],
  };
}

/**
 * An entry about the actor's own security settings, with optional details. `onlyIfChanged` writes it
 * only when the statement just before it in the batch changed a row (e.g. a session really ended);
 * `when`, only when its condition holds (the change it records is still to be made, later in the batch).
 */
export function securityActivity(
  actor: StaffUser,
  action: SecurityAction,
  now: string,
  {
    details = null,
    onlyIfChanged = false,
    when = { sql: '1', args: [] },
  }: { details?: string | null; onlyIfChanged?: boolean; when?: { sql: string; args: InValue[] } } = {},
): InStatement {
  return {
    sql: `INSERT INTO activity_log (${ACTOR_COLUMNS}, action, details, created_at)
          SELECT ?, ?, ?, ?, ?, ?, ? WHERE ${onlyIfChanged ? 'changes() > 0' : when.sql}`,
    args: [...actorArgs(actor), action, details, now, ...(onlyIfChanged ? [] : when.args)],
  };
}

/**
 * A staff entry about a customer, a quote request, a settings section, an API key or a place. The subject's id is given,
 * or read by SQL in the same batch (e.g. the id the insert just before it allocated).
 * `onlyIfChanged` writes it only when the statement just before it in the batch changed a row.
 */
export function subjectActivity(
  actor: StaffUser,
  action: CustomerAction | QuoteAction | SettingsAction | ApiKeyAction | PlaceAction | TeamAction | RunAction,
  subject: { type: ActivitySubject; id: string } | { type: ActivitySubject; idSql: string; args: InValue[] },
  details: string,
  now: string,
  { onlyIfChanged = false } = {},
): InStatement {
  const id: { sql: string; args: InValue[] } =
    'id' in subject ? { sql: '?', args: [subject.id] } : { sql: `(${subject.idSql})`, args: subject.args };
  return {
    sql: `INSERT INTO activity_log (${ACTOR_COLUMNS}, action, subject_type, subject_id, details, created_at)
          SELECT ?, ?, ?, ?, ?, ?, ${id.sql}, ?, ? WHERE ${onlyIfChanged ? 'changes() > 0' : '1'}`,
    args: [...actorArgs(actor), action, subject.type, ...id.args, details, now],
  };
}

/**
 * An invitation accepted: the new account is the actor and the subject, read by its email in the same
 * batch; written only when the statement just before it (the account's insert) made a row.
 */
export function invitationAcceptedActivity(email: string, details: string, address: string, now: string): InStatement {
  return {
    sql: `INSERT INTO activity_log (${ACTOR_COLUMNS}, action, subject_type, subject_id, details, created_at)
          SELECT id, email, role, ?, 'invitation_accepted', 'staff', CAST(id AS TEXT), ?, ? FROM admin_users
          WHERE email = ? AND changes() > 0`,
    args: [address, details, now, email],
  };
}

/**
 * A quote request from the public form: the requester is the actor (no staff account), the request
 * the subject, inserted right after it in the same batch (last_insert_rowid() is its id). It has no
 * role, and the member of the public's address is not kept (it would be one more thing to erase).
 */
export function quoteReceivedActivity(requesterEmail: string, details: string, now: string): InStatement {
  return {
    sql: `INSERT INTO activity_log (user_id, actor_email, action, subject_type, subject_id, details, created_at)
          VALUES (NULL, ?, 'quote_received', 'quote_request', CAST(last_insert_rowid() AS TEXT), ?, ?)`,
    args: [requesterEmail, details, now],
  };
}

/**
 * An entry of what a requester did from an emailed link (accepting a quote booked a customer, a shipment):
 * like `quoteReceivedActivity`, the requester is the actor, with no account or role. About a subject read
 * by SQL, or a shipment; written only `when` the condition holds (the acceptance that won).
 */
export function requesterActivity(
  email: string,
  action: Logged<'quote_accepted' | 'customer_created' | 'shipment_created'>,
  about: { type: ActivitySubject; idSql: string; args: InValue[] } | { trackingNumber: string },
  details: string,
  now: string,
  when: { sql: string; args: InValue[] },
): InStatement {
  if ('trackingNumber' in about) {
    return {
      sql: `INSERT INTO activity_log (user_id, actor_email, action, shipment_id, tracking_number, details, created_at)
            SELECT NULL, ?, ?, id, tracking_number, ?, ? FROM shipments WHERE tracking_number = ? AND ${when.sql}`,
      args: [email, action, details, now, about.trackingNumber, ...when.args],
    };
  }
  return {
    sql: `INSERT INTO activity_log (user_id, actor_email, action, subject_type, subject_id, details, created_at)
          SELECT NULL, ?, ?, ?, (${about.idSql}), ?, ? WHERE ${when.sql}`,
    args: [email, action, about.type, ...about.args, details, now, ...when.args],
  };
}

/**
 * What a customer did to their pickup from its emailed link or the booking form: the booker is the actor (their
 * email, no account), the pickup (by its link's token) the subject. Written only when the statement just before
 * it wrote (the email of the change, queued exactly when the change was made).
 */
export function pickupCustomerActivity(
  action: Logged<'pickup_booked' | 'pickup_moved' | 'pickup_cancelled'>,
  tokenHash: string,
  details: string,
  now: string,
): InStatement {
  return {
    sql: `INSERT INTO activity_log (user_id, actor_email, action, subject_type, subject_id, details, created_at)
          SELECT NULL, email, ?, 'pickup', CAST(id AS TEXT), ?, ? FROM pickups WHERE token_hash = ? AND changes() > 0`,
    args: [action, details, now, tokenHash],
  };
}
