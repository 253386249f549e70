-- The exceptions queue and the recipient's requests. The queue itself is a query over shipments and their
-- histories; these tables keep only what nothing else records: where a parcel waits for collection, the
-- next attempt promised, what staff did about a listed shipment, and what the recipient asked for.

-- The company's offices where a parcel can wait for collection (src/data/depots.ts names the same ones).
CREATE TABLE depots (
  code     TEXT PRIMARY KEY,
  city     TEXT NOT NULL,
  address  TEXT NOT NULL
);
INSERT INTO depots (code, city, address) VALUES
  ('sacramento', 'Sacramento', '1500 Capitol Mall, Sacramento, CA 95814, United States'),
  ('london', 'London', '40 Bank Street, Canary Wharf, London E14 5NR'),
  ('sydney', 'Sydney', '200 George Street, Sydney NSW 2000');

-- The next step the public page tells the recipient: another attempt on a day, or collection at a depot
-- until a day. Cleared by the next status that makes them stale.
ALTER TABLE shipments ADD COLUMN next_attempt_on TEXT CHECK (next_attempt_on IS NULL OR date(next_attempt_on) = next_attempt_on);
ALTER TABLE shipments ADD COLUMN pickup_depot TEXT REFERENCES depots (code);
ALTER TABLE shipments ADD COLUMN pickup_until TEXT CHECK (pickup_until IS NULL OR date(pickup_until) = pickup_until);

-- The queue's "past the promised date" branch reads shipments by their promise.
CREATE INDEX shipments_estimated_delivery ON shipments (estimated_delivery) WHERE estimated_delivery IS NOT NULL;

-- What staff did about a listed shipment. `action_id` is the browser's id for one click, so the same
-- request sent twice (or twenty times at once) is recorded once; `nonce` is the request's own, so the rest
-- of its batch applies only where its own row went in.
CREATE TABLE exception_actions (
  id           INTEGER PRIMARY KEY,
  action_id    TEXT NOT NULL UNIQUE,
  nonce        TEXT NOT NULL,
  shipment_id  INTEGER NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  action       TEXT NOT NULL CHECK (action IN ('reattempt', 'hold_at_depot', 'return_to_sender', 'call_noted')),
  note         TEXT,
  actor_id     INTEGER REFERENCES admin_users (id) ON DELETE SET NULL,
  actor_name   TEXT NOT NULL,
  created_at   TEXT NOT NULL
);
CREATE INDEX exception_actions_shipment ON exception_actions (shipment_id, created_at);

-- The recipient's requests after the reveal: another delivery day, or instructions for the driver.
CREATE TABLE delivery_requests (
  id            INTEGER PRIMARY KEY,
  shipment_id   INTEGER NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  kind          TEXT NOT NULL CHECK (kind IN ('redelivery', 'instructions')),
  delivery_day  TEXT CHECK (delivery_day IS NULL OR date(delivery_day) = delivery_day),
  instructions  TEXT,
  created_at    TEXT NOT NULL,
  handled_at    TEXT,
  handled_by    TEXT,
  CHECK ((kind = 'redelivery') = (delivery_day IS NOT NULL))
);
CREATE INDEX delivery_requests_shipment ON delivery_requests (shipment_id, created_at);
CREATE INDEX delivery_requests_open ON delivery_requests (created_at) WHERE handled_at IS NULL;

