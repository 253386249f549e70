-- Pickups: a customer books a driver to collect parcels on a business day in a time window. The emailed
-- link's token is kept only as its hash. `window_start` is the window's first moment in the company's
-- zone when it was booked or moved, so one conditional write decides whether a move or a cancellation
-- is still in time. A pickup is on at most one run (of its day); collecting it books or links one
-- shipment, by tracking number, once.
CREATE TABLE pickups (
  id              INTEGER PRIMARY KEY,
  name            TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  company         TEXT CHECK (company IS NULL OR length(company) <= 120),
  email           TEXT NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  phone           TEXT NOT NULL CHECK (length(phone) BETWEEN 1 AND 40),
  address         TEXT NOT NULL CHECK (length(address) BETWEEN 1 AND 200),
  city            TEXT NOT NULL CHECK (length(city) BETWEEN 1 AND 120),
  destination     TEXT CHECK (destination IS NULL OR length(destination) <= 200),
  pickup_date     TEXT NOT NULL CHECK (date(pickup_date) = pickup_date),
  pickup_window   TEXT NOT NULL CHECK (pickup_window IN ('09-12', '12-15', '15-18')),
  window_start    TEXT NOT NULL,
  pieces          INTEGER NOT NULL CHECK (pieces BETWEEN 1 AND 50),
  weight_kg       REAL NOT NULL CHECK (weight_kg > 0),
  notes           TEXT CHECK (notes IS NULL OR length(notes) <= 500),
  status          TEXT NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'cancelled', 'picked_up')),
  token_hash      TEXT NOT NULL UNIQUE,
  run_id          INTEGER REFERENCES runs (id) ON DELETE SET NULL,
  assigned_by     INTEGER REFERENCES admin_users (id) ON DELETE SET NULL,
  assigned_at     TEXT,
  tracking_number TEXT,
  picked_up_by    INTEGER REFERENCES admin_users (id) ON DELETE SET NULL,
  picked_up_at    TEXT,
  cancelled_at    TEXT,
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL,
  CHECK ((status = 'picked_up') = (tracking_number IS NOT NULL AND picked_up_at IS NOT NULL)),
  CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL))
);
CREATE INDEX pickups_day ON pickups (pickup_date, pickup_window);
CREATE INDEX pickups_run ON pickups (run_id);
CREATE INDEX pickups_tracking_number ON pickups (tracking_number);
