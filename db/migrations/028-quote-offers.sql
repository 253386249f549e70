-- Quotes to bookings: staff answer a quote request with a price (an offer), emailed with an accept link.
-- Only the hash of the link's token is kept. A new offer replaces the request's open one (its link then
-- says so); at most one offer of a request is open and at most one accepted, so of parallel accepts one
-- books. The offer keeps what was priced (the route), who accepted and when, and the shipment booked.
CREATE TABLE quote_offers (
  id                INTEGER PRIMARY KEY,
  quote_request_id  INTEGER NOT NULL REFERENCES quote_requests (id) ON DELETE CASCADE,
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
CREATE UNIQUE INDEX quote_offers_open ON quote_offers (quote_request_id) WHERE state = 'open';
CREATE UNIQUE INDEX quote_offers_accepted ON quote_offers (quote_request_id) WHERE state = 'accepted';
