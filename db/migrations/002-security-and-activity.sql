-- Counters for rate limits (fixed windows, shared by every function instance), failed sign-ins for
-- login throttling, and the staff activity log that every admin write appends to.

CREATE TABLE rate_limits (
  key           TEXT NOT NULL,
  window_start  INTEGER NOT NULL,
  count         INTEGER NOT NULL CHECK (count >= 0),
  PRIMARY KEY (key, window_start)
) WITHOUT ROWID;

CREATE TABLE login_attempts (
  id            INTEGER PRIMARY KEY,
  email         TEXT NOT NULL COLLATE NOCASE,
  attempted_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE INDEX login_attempts_email_time ON login_attempts (email, attempted_at);

CREATE TABLE activity_log (
  id            INTEGER PRIMARY KEY,
  user_id       INTEGER REFERENCES admin_users (id) ON DELETE SET NULL,
  actor_email   TEXT NOT NULL,
  action        TEXT NOT NULL CHECK (action IN (
                  'shipment_created', 'shipment_edited', 'status_changed', 'location_changed', 'login', 'logout')),
  shipment_id   INTEGER REFERENCES shipments (id) ON DELETE SET NULL,
  tracking_number TEXT,
  details       TEXT,
  created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE INDEX activity_log_time ON activity_log (created_at DESC, id DESC);
