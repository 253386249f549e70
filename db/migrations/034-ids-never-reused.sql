-- Quote requests, pickups and places can be deleted (erasure, retention, Settings > Places), and the audit
-- trail names them by id. Without AUTOINCREMENT, SQLite hands the highest deleted id to the next row, whose
-- trail would then begin with the deleted one's entries. Rebuilt with AUTOINCREMENT, ids only grow.
--
-- Foreign keys are on inside the migration's transaction: dropping quote_requests would delete every
-- offer with it (ON DELETE CASCADE). The offers move first to a table that references the new requests;
-- renaming the requests' table carries the reference with it.

CREATE TABLE quote_requests_next (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  name         TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  email        TEXT NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  phone        TEXT NOT NULL DEFAULT '' CHECK (length(phone) <= 30),
  service      TEXT NOT NULL CHECK (length(service) BETWEEN 1 AND 100),
  origin       TEXT CHECK (origin IS NULL OR length(origin) <= 200),
  destination  TEXT CHECK (destination IS NULL OR length(destination) <= 200),
  weight_kg    REAL CHECK (weight_kg IS NULL OR weight_kg > 0),
  status       TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'won', 'lost')),
  customer_id  TEXT REFERENCES customers (id) ON DELETE SET NULL,
  created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
INSERT INTO quote_requests_next SELECT * FROM quote_requests;

CREATE TABLE quote_offers_next (
  id                INTEGER PRIMARY KEY,
  quote_request_id  INTEGER NOT NULL REFERENCES quote_requests_next (id) ON DELETE CASCADE,
  amount_cents      INTEGER NOT NULL CHECK (amount_cents > 0),
  currency          TEXT NOT NULL CHECK (currency GLOB '[A-Z][A-Z][A-Z]'),
  -- The last day the offer holds, in the company's calendar; `expires_at` is that day's end there.
  valid_until       TEXT NOT NULL CHECK (date(valid_until) = valid_until),
  expires_at        TEXT NOT NULL,
  message           TEXT CHECK (message IS NULL OR length(message) <= 1000),
  origin            TEXT NOT NULL CHECK (length(origin) BETWEEN 1 AND 200),
  destination       TEXT NOT NULL CHECK (length(destination) BETWEEN 1 AND 200),
  token_hash        TEXT NOT NULL UNIQUE,
  sent_by           INTEGER REFERENCES admin_users (id) ON DELETE SET NULL,
  sent_by_email     TEXT NOT NULL,
  created_at        TEXT NOT NULL,
  state             TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'replaced', 'accepted')),
  ended_at          TEXT,
  accepted_by_email TEXT,
  -- The shipment booked, by its tracking number (set by the acceptance that wins).
  tracking_number   TEXT UNIQUE,
  CHECK ((state = 'open') = (ended_at IS NULL)),
  CHECK ((state = 'accepted') = (accepted_by_email IS NOT NULL AND tracking_number IS NOT NULL))
);
INSERT INTO quote_offers_next SELECT * FROM quote_offers;

DROP TABLE quote_offers;
DROP TABLE quote_requests;
ALTER TABLE quote_requests_next RENAME TO quote_requests;
ALTER TABLE quote_offers_next RENAME TO quote_offers;

CREATE INDEX quote_requests_status ON quote_requests (status);
-- The housekeeping's purge looks for requests past their time by age.
CREATE INDEX quote_requests_created ON quote_requests (created_at);
CREATE UNIQUE INDEX quote_offers_open ON quote_offers (quote_request_id) WHERE state = 'open';
CREATE UNIQUE INDEX quote_offers_accepted ON quote_offers (quote_request_id) WHERE state = 'accepted';

CREATE TABLE pickups_next (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
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
INSERT INTO pickups_next SELECT * FROM pickups;
DROP TABLE pickups;
ALTER TABLE pickups_next RENAME TO pickups;
CREATE INDEX pickups_day ON pickups (pickup_date, pickup_window);
CREATE INDEX pickups_run ON pickups (run_id);
CREATE INDEX pickups_tracking_number ON pickups (tracking_number);

CREATE TABLE gazetteer_next (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  name        TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 200),
  latitude    REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude   REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  updated_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
INSERT INTO gazetteer_next SELECT * FROM gazetteer;
DROP TABLE gazetteer;
ALTER TABLE gazetteer_next RENAME TO gazetteer;
