-- Customers, shipments with their tracking history, and admin users with their sessions.
-- Times are ISO 8601 UTC text ('2026-11-22T09:30:00.000Z'); dates are 'YYYY-MM-DD'.

CREATE TABLE customers (
  id          TEXT PRIMARY KEY CHECK (id GLOB 'CUS-[0-9][0-9][0-9][0-9]'),
  name        TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  contact     TEXT CHECK (contact IS NULL OR length(contact) <= 200),
  email       TEXT CHECK (email IS NULL OR length(email) <= 254),
  phone       TEXT CHECK (phone IS NULL OR length(phone) <= 40),
  status      TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE shipments (
  id                  INTEGER PRIMARY KEY,
  tracking_number     TEXT NOT NULL CHECK (tracking_number GLOB 'NEC[A-Z0-9][A-Z0-9][A-Z0-9][A-Z0-9][A-Z0-9][A-Z0-9][A-Z0-9][A-Z0-9][A-Z0-9]'),
  customer_id         TEXT REFERENCES customers (id) ON DELETE SET NULL,
  order_date          TEXT CHECK (order_date IS NULL OR date(order_date) = order_date),
  status              TEXT NOT NULL CHECK (status IN ('delivered', 'in_transit', 'preparing', 'processing', 'on_hold')),
  courier             TEXT,
  sender_name         TEXT NOT NULL CHECK (length(sender_name) >= 1),
  sender_address      TEXT,
  sender_email        TEXT,
  sender_phone        TEXT,
  recipient_name      TEXT NOT NULL CHECK (length(recipient_name) >= 1),
  recipient_address   TEXT NOT NULL CHECK (length(recipient_address) >= 1),
  recipient_mail      TEXT,
  recipient_phone     TEXT,
  weight              REAL CHECK (weight IS NULL OR weight >= 0),
  dimensions          TEXT,
  package_type        TEXT,
  contents            TEXT,
  declared_value      REAL CHECK (declared_value IS NULL OR declared_value >= 0),
  origin              TEXT NOT NULL CHECK (length(origin) >= 1),
  destination         TEXT NOT NULL CHECK (length(destination) >= 1),
  shipping_date       TEXT CHECK (shipping_date IS NULL OR date(shipping_date) = shipping_date),
  estimated_delivery  TEXT CHECK (estimated_delivery IS NULL OR date(estimated_delivery) = estimated_delivery),
  delivery_method     TEXT,
  customs_status      TEXT,
  customs_fees        REAL CHECK (customs_fees IS NULL OR customs_fees >= 0),
  delivery_date       TEXT CHECK (delivery_date IS NULL OR date(delivery_date) = delivery_date),
  agent_notes         TEXT,
  admin_notes         TEXT,
  current_location    TEXT,
  arrival_time        TEXT,
  created_at          TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at          TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE UNIQUE INDEX shipments_tracking_number ON shipments (tracking_number);
CREATE INDEX shipments_customer ON shipments (customer_id);
CREATE INDEX shipments_status ON shipments (status);
CREATE INDEX shipments_created ON shipments (created_at);

CREATE TABLE shipment_histories (
  id           INTEGER PRIMARY KEY,
  shipment_id  INTEGER NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  status       TEXT NOT NULL CHECK (status IN ('delivered', 'in_transit', 'preparing', 'processing', 'on_hold')),
  notes        TEXT,
  created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE INDEX shipment_histories_shipment_time ON shipment_histories (shipment_id, created_at, id);

CREATE TABLE admin_users (
  id             INTEGER PRIMARY KEY,
  email          TEXT NOT NULL COLLATE NOCASE CHECK (length(email) BETWEEN 3 AND 254),
  password_hash  TEXT NOT NULL,
  role           TEXT NOT NULL DEFAULT 'admin' CHECK (role IN ('admin')),
  created_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE UNIQUE INDEX admin_users_email ON admin_users (email);

-- Only the SHA-256 of a session token is stored, so a leaked table cannot be replayed.
CREATE TABLE sessions (
  token_hash    TEXT PRIMARY KEY,
  user_id       INTEGER NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  created_at    TEXT NOT NULL,
  last_seen_at  TEXT NOT NULL,
  expires_at    TEXT NOT NULL
) WITHOUT ROWID;

CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expiry ON sessions (expires_at);
