-- The activity log is about to record more than shipment writes (customers, quote requests,
-- settings, security events): the list of actions now lives in code (netlify/lib/activity.ts, its one
-- writer) instead of a CHECK that each new action would have to rebuild, and an entry can name what
-- it is about (subject_type + subject_id, e.g. 'customer' + 'CUS-1001') besides a shipment.

CREATE TABLE activity_log_next (
  id               INTEGER PRIMARY KEY,
  user_id          INTEGER REFERENCES admin_users (id) ON DELETE SET NULL,
  actor_email      TEXT NOT NULL,
  action           TEXT NOT NULL CHECK (action GLOB '[a-z]*' AND length(action) <= 64),
  shipment_id      INTEGER REFERENCES shipments (id) ON DELETE SET NULL,
  tracking_number  TEXT,
  subject_type     TEXT,
  subject_id       TEXT,
  details          TEXT,
  created_at       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

INSERT INTO activity_log_next (id, user_id, actor_email, action, shipment_id, tracking_number, details, created_at)
SELECT id, user_id, actor_email, action, shipment_id, tracking_number, details, created_at FROM activity_log;

DROP TABLE activity_log;
ALTER TABLE activity_log_next RENAME TO activity_log;
CREATE INDEX activity_log_time ON activity_log (created_at DESC, id DESC);
