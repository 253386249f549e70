-- The audit trail: every activity entry names the role its actor had when writing (NULL for a device
-- API key, which has none, and for the public requester of a quote) and the address the request came
-- from. Entries written before this keep NULL in both: nobody recorded them then.
-- The trail is filtered by person, action and subject, each newest first (the keyset is the id), and
-- by date (activity_log_time). How long entries are kept is the `audit` settings section
-- (Settings > General, 365 days until saved); the scheduled housekeeping deletes older ones.
ALTER TABLE activity_log ADD COLUMN actor_role TEXT
  CHECK (actor_role IN ('admin', 'dispatcher', 'driver', 'viewer'));
ALTER TABLE activity_log ADD COLUMN actor_address TEXT CHECK (length(actor_address) <= 64);

CREATE INDEX activity_log_actor ON activity_log (actor_email COLLATE NOCASE, id);
CREATE INDEX activity_log_action ON activity_log (action, id);
CREATE INDEX activity_log_subject ON activity_log (subject_type, subject_id, id);
CREATE INDEX activity_log_shipment ON activity_log (tracking_number, id);
