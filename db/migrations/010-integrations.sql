-- Integrations: email notifications through an outbox, who may receive them, device API
-- keys and the scans they post. The notification switches and the company address are read from
-- `settings` (009).

-- Who gets which emails. A topic is a shipment's updates ('shipment:NEC…': its recipient and the
-- visitors who opted in on the tracking page) or a staff notice ('notice:status_updates': the company
-- address). One row per topic and address keeps its state (an opt-in waits for confirmation; anyone
-- can unsubscribe) and the token its links carry. The token is stored as is: every later email must
-- carry it again, and it can only confirm or stop one address's emails on one topic.
CREATE TABLE mail_subscriptions (
  id               INTEGER PRIMARY KEY,
  topic            TEXT NOT NULL CHECK (topic GLOB 'shipment:NEC*' OR topic GLOB 'notice:[a-z]*'),
  email            TEXT NOT NULL COLLATE NOCASE CHECK (length(email) BETWEEN 3 AND 254),
  shipment_id      INTEGER REFERENCES shipments (id) ON DELETE CASCADE,
  source           TEXT NOT NULL CHECK (source IN ('recipient', 'alert', 'company')),
  state            TEXT NOT NULL CHECK (state IN ('pending', 'active', 'unsubscribed')),
  token            TEXT NOT NULL CHECK (length(token) >= 32),
  created_at       TEXT NOT NULL,
  confirmed_at     TEXT,
  unsubscribed_at  TEXT
);

CREATE UNIQUE INDEX mail_subscriptions_topic_email ON mail_subscriptions (topic, email);
CREATE UNIQUE INDEX mail_subscriptions_token ON mail_subscriptions (token);
CREATE INDEX mail_subscriptions_shipment ON mail_subscriptions (shipment_id);

-- Every email the product sends, written in the same transaction as the change it reports. `payload`
-- holds the facts as that transaction saw them; the subject and bodies are rendered from it when the
-- message is first picked up, and kept, so a retry sends the same text and staff read what was sent.
-- States: queued (waiting for next_attempt_at), sending (claimed by one worker until lease_until),
-- sent, failed (gave up, or interrupted mid-send and not retried so it is never sent twice),
-- cancelled (the address unsubscribed before it went out) and logged (no mail server configured:
-- kept for reading only).
CREATE TABLE outbox (
  id               INTEGER PRIMARY KEY,
  kind             TEXT NOT NULL CHECK (kind IN (
                     'shipment_created', 'status_update', 'new_customer', 'daily_summary', 'alert_confirmation')),
  audience         TEXT NOT NULL CHECK (audience IN ('customer', 'staff')),
  recipient        TEXT NOT NULL CHECK (length(recipient) BETWEEN 3 AND 254),
  subscription_id  INTEGER REFERENCES mail_subscriptions (id) ON DELETE SET NULL,
  tracking_number  TEXT,
  payload          TEXT NOT NULL CHECK (json_valid(payload)),
  -- One daily summary per day and address, however often the job runs.
  dedupe_key       TEXT UNIQUE,
  state            TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sending', 'sent', 'failed', 'cancelled', 'logged')),
  attempts         INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at  TEXT NOT NULL,
  lease_until      TEXT,
  subject          TEXT,
  text_body        TEXT,
  html_body        TEXT,
  headers          TEXT CHECK (headers IS NULL OR json_valid(headers)),
  message_id       TEXT,
  last_error       TEXT,
  created_at       TEXT NOT NULL,
  sent_at          TEXT
);

CREATE INDEX outbox_due ON outbox (state, next_attempt_at);
CREATE INDEX outbox_state ON outbox (state, id);

-- Device API keys: only the SHA-256 of a key is stored (keys are 256-bit random, so a plain hash
-- cannot be reversed), with a prefix staff can recognise it by. A key acts for the staff member who
-- created it; removing that staff member removes their keys.
CREATE TABLE api_keys (
  id                INTEGER PRIMARY KEY,
  name              TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  prefix            TEXT NOT NULL UNIQUE,
  key_hash          TEXT NOT NULL UNIQUE,
  created_by        INTEGER NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  created_by_email  TEXT NOT NULL,
  created_at        TEXT NOT NULL,
  last_used_at      TEXT,
  revoked_at        TEXT
);

-- Two live keys cannot share a name (the activity log names a key's writes by it).
CREATE UNIQUE INDEX api_keys_live_name ON api_keys (name COLLATE NOCASE) WHERE revoked_at IS NULL;

-- Scans received through POST /api/scans, one row per event a sender applied: its event id makes a
-- retried post change nothing. Event ids are unique per sender ('key:<id>' or 'user:<id>').
CREATE TABLE scan_events (
  id               INTEGER PRIMARY KEY,
  source           TEXT NOT NULL CHECK (source GLOB 'key:[0-9]*' OR source GLOB 'user:[0-9]*'),
  event_id         TEXT NOT NULL CHECK (length(event_id) BETWEEN 1 AND 100),
  shipment_id      INTEGER REFERENCES shipments (id) ON DELETE CASCADE,
  tracking_number  TEXT NOT NULL,
  status           TEXT,
  location         TEXT,
  note             TEXT,
  scanned_at       TEXT NOT NULL,
  received_at      TEXT NOT NULL,
  outcome          TEXT NOT NULL CHECK (outcome IN ('applied', 'history_only'))
);

CREATE UNIQUE INDEX scan_events_source_event ON scan_events (source, event_id);
CREATE INDEX scan_events_shipment ON scan_events (shipment_id);
