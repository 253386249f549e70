/**
 * The audit trail in people's words: each action and kind of subject the activity log records, by its
 * stored name. One map for the screen and the CSV export; a name it does not know yet (an action added
 * elsewhere) is shown as it is stored, so a new action never breaks the trail.
 */

export const ACTION_LABELS = {
  shipment_created: 'Shipment created',
  shipment_edited: 'Shipment edited',
  status_changed: 'Status changed',
  location_changed: 'Location changed',
  scan_recorded: 'Scan recorded',
  exception_handled: 'Exception handled',
  login: 'Signed in',
  logout: 'Signed out',
  password_changed: 'Password changed',
  two_factor_enabled: 'Two-factor sign-in turned on',
  two_factor_disabled: 'Two-factor sign-in turned off',
  recovery_code_used: 'Recovery code used',
  session_ended: 'Session ended',
  other_sessions_ended: 'Other sessions ended',
  customer_created: 'Customer created',
  customer_updated: 'Customer updated',
  customer_deactivated: 'Customer deactivated',
  customer_reactivated: 'Customer reactivated',
  customer_erased: 'Customer erased',
  quote_received: 'Quote request received',
  quote_status_changed: 'Quote request status changed',
  quote_offer_sent: 'Quote offer sent',
  quote_accepted: 'Quote accepted by the requester',
  settings_changed: 'Settings changed',
  api_key_created: 'API key created',
  api_key_revoked: 'API key revoked',
  place_created: 'Place added',
  place_updated: 'Place updated',
  place_deleted: 'Place deleted',
  staff_invited: 'Staff member invited',
  invitation_resent: 'Invitation sent again',
  invitation_revoked: 'Invitation withdrawn',
  invitation_accepted: 'Invitation accepted',
  staff_role_changed: 'Role changed',
  staff_deactivated: 'Account deactivated',
  staff_reactivated: 'Account reactivated',
  two_factor_policy_changed: 'Two-factor rule changed',
  password_reset: 'Password reset',
  stop_assigned: 'Put on a run',
  stop_moved: 'Moved to another run',
  stop_removed: 'Taken off its run',
  run_reordered: 'Run reordered',
  pickup_assigned: 'Pickup put on a run',
  pickup_booked: 'Pickup booked by the customer',
  pickup_moved: 'Pickup moved by the customer',
  pickup_cancelled: 'Pickup cancelled by the customer',
} as const;

/** Every action with a label, in the map's order (the filter offers these). */
export const LABELLED_ACTIONS = Object.keys(ACTION_LABELS) as Array<keyof typeof ACTION_LABELS>;

/** What an entry can be about: a shipment (by tracking number) or a subject type of the log. */
export const SUBJECT_LABELS = {
  shipment: 'Shipment',
  customer: 'Customer',
  quote_request: 'Quote request',
  settings: 'Settings',
  api_key: 'API key',
  place: 'Place',
  staff: 'Staff member',
  invitation: 'Invitation',
  run: 'Run',
  pickup: 'Pickup',
} as const;

export const LABELLED_SUBJECTS = Object.keys(SUBJECT_LABELS) as Array<keyof typeof SUBJECT_LABELS>;

const labelIn = (labels: Record<string, string>, name: string) => (Object.hasOwn(labels, name) ? labels[name] : name);

/** The action in words, or its stored name when it has no label yet. */
export const actionLabel = (action: string): string => labelIn(ACTION_LABELS, action) ?? action;

/** The kind of subject in words, or its stored name. */
export const subjectLabel = (type: string): string => labelIn(SUBJECT_LABELS, type) ?? type;
