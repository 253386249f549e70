-- Quote requests sent from the public home-page form; the admin inbox reads them later.

CREATE TABLE quote_requests (
  id          INTEGER PRIMARY KEY,
  name        TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  email       TEXT NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  phone       TEXT NOT NULL DEFAULT '' CHECK (length(phone) <= 30),
  service     TEXT NOT NULL CHECK (service IN ('Warehousing', 'Transportation', 'Freight Forwarding')),
  status      TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'closed')),
  created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE INDEX quote_requests_time ON quote_requests (created_at DESC, id DESC);
