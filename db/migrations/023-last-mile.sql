-- The last mile: five more statuses, a reason on the history entries that need one, and runs.
-- SQLite cannot change a CHECK in place and rebuilding shipments would cascade through every table that
-- references it, so each status column is replaced: the new one is added with the wider CHECK, filled
-- from the old, and takes its name (its indexes are dropped first and made again).
DROP INDEX shipments_status;
DROP INDEX shipments_status_type;
ALTER TABLE shipments ADD COLUMN status_next TEXT NOT NULL DEFAULT 'preparing'
  CHECK (status_next IN ('preparing', 'processing', 'in_transit', 'on_hold', 'out_for_delivery', 'delivery_failed',
                         'available_for_pickup', 'delivered', 'returned_to_sender', 'exception'));
UPDATE shipments SET status_next = status;
ALTER TABLE shipments DROP COLUMN status;
ALTER TABLE shipments RENAME COLUMN status_next TO status;
CREATE INDEX shipments_status ON shipments (status);
CREATE INDEX shipments_status_type ON shipments (status, package_type);

DROP INDEX shipment_histories_status_time;
ALTER TABLE shipment_histories ADD COLUMN status_next TEXT NOT NULL DEFAULT 'preparing'
  CHECK (status_next IN ('preparing', 'processing', 'in_transit', 'on_hold', 'out_for_delivery', 'delivery_failed',
                         'available_for_pickup', 'delivered', 'returned_to_sender', 'exception'));
UPDATE shipment_histories SET status_next = status;
ALTER TABLE shipment_histories DROP COLUMN status;
ALTER TABLE shipment_histories RENAME COLUMN status_next TO status;
CREATE INDEX shipment_histories_status_time ON shipment_histories (status, created_at);

-- Why an attempt failed or a shipment is an exception; `other` carries its words in the entry's notes.
ALTER TABLE shipment_histories ADD COLUMN reason TEXT
  CHECK (reason IS NULL OR reason IN ('recipient_not_home', 'refused', 'address_incorrect', 'business_closed',
                                      'no_safe_place', 'access_restricted', 'damaged', 'lost', 'customs_hold',
                                      'weather', 'vehicle_breakdown', 'other'));

-- A run: one driver's stops on one date.
CREATE TABLE runs (
  id          INTEGER PRIMARY KEY,
  driver_id   INTEGER NOT NULL REFERENCES admin_users (id),
  run_date    TEXT NOT NULL CHECK (date(run_date) = run_date),
  created_by  INTEGER REFERENCES admin_users (id) ON DELETE SET NULL,
  created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX runs_driver_date ON runs (driver_id, run_date);
CREATE INDEX runs_date ON runs (run_date);

-- A shipment is a stop on at most one run at a time, at its place in the driver's order. Moving it to
-- another run (another day, another driver) moves this row; stop_assignments keeps the story.
CREATE TABLE run_stops (
  shipment_id  INTEGER PRIMARY KEY REFERENCES shipments (id) ON DELETE CASCADE,
  run_id       INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  position     INTEGER NOT NULL CHECK (position >= 1),
  assigned_by  INTEGER REFERENCES admin_users (id) ON DELETE SET NULL,
  assigned_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX run_stops_run ON run_stops (run_id, position);

-- Every assignment of a shipment to a run, and its removal: the shipment's assignment history.
CREATE TABLE stop_assignments (
  id           INTEGER PRIMARY KEY,
  shipment_id  INTEGER NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  run_id       INTEGER REFERENCES runs (id) ON DELETE SET NULL,
  driver_id    INTEGER REFERENCES admin_users (id) ON DELETE SET NULL,
  run_date     TEXT CHECK (run_date IS NULL OR date(run_date) = run_date),
  action       TEXT NOT NULL CHECK (action IN ('assigned', 'moved', 'removed')),
  actor_id     INTEGER REFERENCES admin_users (id) ON DELETE SET NULL,
  created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX stop_assignments_shipment ON stop_assignments (shipment_id, created_at);
