-- The back office runs customers, quote requests and settings.
--
-- 1. Customers: ids CUS-#### keep growing past CUS-9999 (four digits at least, canonical: no
--    leading zeros beyond four). `number` is the id's digits, generated and unique, so the next id
--    is max(number) + 1, read in the same write transaction that inserts it. A customer can have an
--    address (a shipment's sender address comes from it). Two search indexes, kept in step by
--    triggers, whose rowid is `number`: substrings of 3+ characters (trigram) and word prefixes of 1
--    or 2 characters, over name, contact and email (and the id for substrings).
-- 2. Quote requests: status new, contacted, won or lost ('closed' becomes 'won' when a customer has
--    the requester's email, else 'lost'); optional origin, destination and approximate weight; the
--    customer created from a request; the service is any offered one (the list lives in code, with
--    the site's services).
-- 3. Settings: one JSON document per section (company, notifications, ...), with who saved it last.
-- 4. History entries by status and time: the dashboard's "delivered today" and the shipments list
--    it links to read the day's deliveries from it instead of every history entry.

-- Rebuilding customers (a CHECK cannot be altered) drops it, and with foreign keys on that nulls
-- shipments.customer_id (ON DELETE SET NULL): the links are kept aside and put back. The search
-- triggers that read customers go first and come back unchanged afterwards, so the shipment search
-- index is not rewritten.
DROP TRIGGER shipments_search_insert;
DROP TRIGGER shipments_search_update;

CREATE TABLE customer_links_009 (shipment_id INTEGER PRIMARY KEY, customer_id TEXT NOT NULL);
INSERT INTO customer_links_009 (shipment_id, customer_id)
SELECT id, customer_id FROM shipments WHERE customer_id IS NOT NULL;

CREATE TABLE customers_next (
  id          TEXT PRIMARY KEY CHECK (
                length(id) BETWEEN 8 AND 13
                AND substr(id, 5) NOT GLOB '*[^0-9]*'
                AND id = printf('CUS-%04d', CAST(substr(id, 5) AS INTEGER))),
  number      INTEGER NOT NULL GENERATED ALWAYS AS (CAST(substr(id, 5) AS INTEGER)) STORED,
  name        TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  contact     TEXT CHECK (contact IS NULL OR length(contact) <= 200),
  email       TEXT CHECK (email IS NULL OR length(email) <= 254),
  phone       TEXT CHECK (phone IS NULL OR length(phone) <= 40),
  address     TEXT CHECK (address IS NULL OR length(address) <= 500),
  status      TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

INSERT INTO customers_next (id, name, contact, email, phone, status, created_at, updated_at)
SELECT id, name, contact, email, phone, status, created_at, updated_at FROM customers;

DROP TABLE customers;
ALTER TABLE customers_next RENAME TO customers;

UPDATE shipments SET customer_id = l.customer_id
FROM customer_links_009 AS l
WHERE shipments.id = l.shipment_id;
DROP TABLE customer_links_009;

CREATE UNIQUE INDEX customers_number ON customers (number);
-- The status filter walks this in list order (newest first).
CREATE INDEX customers_status_number ON customers (status, number);
CREATE INDEX customers_created ON customers (created_at);

-- The shipment search triggers of 003, as they were.
CREATE TRIGGER shipments_search_insert AFTER INSERT ON shipments BEGIN
  INSERT INTO shipments_search (rowid, id_text, tracking_number, origin, current_location, destination, customer_name, sender_name)
  VALUES (new.id, CAST(new.id AS TEXT), new.tracking_number, new.origin, coalesce(new.current_location, ''), new.destination,
          coalesce((SELECT name FROM customers WHERE id = new.customer_id), ''), new.sender_name);
END;

CREATE TRIGGER shipments_search_update
AFTER UPDATE OF tracking_number, origin, current_location, destination, customer_id, sender_name ON shipments BEGIN
  DELETE FROM shipments_search WHERE rowid = old.id;
  INSERT INTO shipments_search (rowid, id_text, tracking_number, origin, current_location, destination, customer_name, sender_name)
  VALUES (new.id, CAST(new.id AS TEXT), new.tracking_number, new.origin, coalesce(new.current_location, ''), new.destination,
          coalesce((SELECT name FROM customers WHERE id = new.customer_id), ''), new.sender_name);
END;

CREATE TRIGGER shipments_search_customer_rename AFTER UPDATE OF name ON customers BEGIN
  UPDATE shipments_search SET customer_name = new.name
  WHERE rowid IN (SELECT id FROM shipments WHERE customer_id = new.id);
END;

-- Customer search. A quoted trigram query matches any substring of 3+ characters within one column,
-- case-insensitively; the word index answers 1- and 2-character prefixes of words (its prefix
-- indexes keep them from reading every entry).
CREATE VIRTUAL TABLE customers_search USING fts5(id_text, name, contact, email, tokenize = 'trigram');
CREATE VIRTUAL TABLE customers_words USING fts5(
  name, contact, email,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1 2'
);

INSERT INTO customers_search (rowid, id_text, name, contact, email)
SELECT number, id, name, coalesce(contact, ''), coalesce(email, '') FROM customers;
INSERT INTO customers_words (rowid, name, contact, email)
SELECT number, name, coalesce(contact, ''), coalesce(email, '') FROM customers;

CREATE TRIGGER customers_search_insert AFTER INSERT ON customers BEGIN
  INSERT INTO customers_search (rowid, id_text, name, contact, email)
  VALUES (new.number, new.id, new.name, coalesce(new.contact, ''), coalesce(new.email, ''));
  INSERT INTO customers_words (rowid, name, contact, email)
  VALUES (new.number, new.name, coalesce(new.contact, ''), coalesce(new.email, ''));
END;

CREATE TRIGGER customers_search_update AFTER UPDATE OF id, name, contact, email ON customers BEGIN
  DELETE FROM customers_search WHERE rowid = old.number;
  DELETE FROM customers_words WHERE rowid = old.number;
  INSERT INTO customers_search (rowid, id_text, name, contact, email)
  VALUES (new.number, new.id, new.name, coalesce(new.contact, ''), coalesce(new.email, ''));
  INSERT INTO customers_words (rowid, name, contact, email)
  VALUES (new.number, new.name, coalesce(new.contact, ''), coalesce(new.email, ''));
END;

CREATE TRIGGER customers_search_delete AFTER DELETE ON customers BEGIN
  DELETE FROM customers_search WHERE rowid = old.number;
  DELETE FROM customers_words WHERE rowid = old.number;
END;

-- Quote requests (nothing references them, so a plain rebuild).
CREATE TABLE quote_requests_next (
  id           INTEGER PRIMARY KEY,
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

INSERT INTO quote_requests_next (id, name, email, phone, service, status, created_at, updated_at)
SELECT q.id, q.name, q.email, q.phone, q.service,
       CASE
         WHEN q.status <> 'closed' THEN q.status
         WHEN EXISTS (SELECT 1 FROM customers c WHERE lower(c.email) = lower(q.email)) THEN 'won'
         ELSE 'lost'
       END,
       q.created_at, q.created_at
FROM quote_requests q;

DROP TABLE quote_requests;
ALTER TABLE quote_requests_next RENAME TO quote_requests;

-- The list is newest first by id (ids only grow); the dashboard counts the new ones.
CREATE INDEX quote_requests_status ON quote_requests (status);

CREATE TABLE settings (
  key               TEXT PRIMARY KEY CHECK (key GLOB '[a-z]*' AND length(key) <= 64),
  value             TEXT NOT NULL CHECK (json_valid(value)),
  updated_at        TEXT NOT NULL,
  updated_by        INTEGER REFERENCES admin_users (id) ON DELETE SET NULL,
  updated_by_email  TEXT
) WITHOUT ROWID;

CREATE INDEX shipment_histories_status_time ON shipment_histories (status, created_at);
