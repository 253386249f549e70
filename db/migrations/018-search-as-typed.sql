-- Search as people type it.
--
-- 1. Accents do not matter: the trigram indexes fold diacritics (SQLite 3.45's `remove_diacritics 1`),
--    so "sao paulo" finds "São Paulo" and "zürich" finds "Zurich", in both the shipment indexes (003,
--    013) and the customers' trigram index (009); the customers' word index already folded them.
-- 2. Shipments are also found by recipient name and by the sender's and recipient's email and phone;
--    customers by phone. A phone is indexed with its usual separators (space - . ( ) + /) taken out,
--    so "020 7946 0958", "(20) 7946-0958" and "2079460958" all find "+44 20 7946 0958": the list
--    searches a phone-like term as typed and as its digits (netlify/lib/search-terms.ts strips the same
--    characters).
-- 3. An opt-in's confirmation link expires a week after its latest confirmation email: that email is
--    found by its subscription.
--
-- The indexes are rebuilt from the rows, with their triggers.

DROP TRIGGER shipments_search_insert;
DROP TRIGGER shipments_search_update;
DROP TRIGGER shipments_search_delete;
DROP TRIGGER shipments_search_customer_rename;
DROP TABLE shipments_search;

CREATE VIRTUAL TABLE shipments_search USING fts5(
  id_text, tracking_number, origin, current_location, destination, customer_name, sender_name,
  recipient_name, sender_email, recipient_email, sender_phone, recipient_phone,
  tokenize = 'trigram remove_diacritics 1'
);

-- The searched text of each shipment, one column per value as the index holds it.
CREATE VIEW shipments_search_text AS
SELECT s.id, CAST(s.id AS TEXT) AS id_text, s.tracking_number, s.origin,
       coalesce(s.current_location, '') AS current_location, s.destination, coalesce(c.name, '') AS customer_name,
       s.sender_name, s.recipient_name, coalesce(s.sender_email, '') AS sender_email,
       coalesce(s.recipient_mail, '') AS recipient_email,
       replace(replace(replace(replace(replace(replace(replace(coalesce(s.sender_phone, ''),
         ' ', ''), '-', ''), '.', ''), '(', ''), ')', ''), '+', ''), '/', '') AS sender_phone,
       replace(replace(replace(replace(replace(replace(replace(coalesce(s.recipient_phone, ''),
         ' ', ''), '-', ''), '.', ''), '(', ''), ')', ''), '+', ''), '/', '') AS recipient_phone
FROM shipments s LEFT JOIN customers c ON c.id = s.customer_id;

INSERT INTO shipments_search (rowid, id_text, tracking_number, origin, current_location, destination, customer_name,
                              sender_name, recipient_name, sender_email, recipient_email, sender_phone, recipient_phone)
SELECT id, id_text, tracking_number, origin, current_location, destination, customer_name,
       sender_name, recipient_name, sender_email, recipient_email, sender_phone, recipient_phone
FROM shipments_search_text;

CREATE TRIGGER shipments_search_insert AFTER INSERT ON shipments BEGIN
  INSERT INTO shipments_search (rowid, id_text, tracking_number, origin, current_location, destination, customer_name,
                                sender_name, recipient_name, sender_email, recipient_email, sender_phone, recipient_phone)
  SELECT id, id_text, tracking_number, origin, current_location, destination, customer_name,
         sender_name, recipient_name, sender_email, recipient_email, sender_phone, recipient_phone
  FROM shipments_search_text WHERE id = new.id;
END;

CREATE TRIGGER shipments_search_update
AFTER UPDATE OF tracking_number, origin, current_location, destination, customer_id, sender_name, recipient_name,
                sender_email, recipient_mail, sender_phone, recipient_phone ON shipments BEGIN
  DELETE FROM shipments_search WHERE rowid = old.id;
  INSERT INTO shipments_search (rowid, id_text, tracking_number, origin, current_location, destination, customer_name,
                                sender_name, recipient_name, sender_email, recipient_email, sender_phone, recipient_phone)
  SELECT id, id_text, tracking_number, origin, current_location, destination, customer_name,
         sender_name, recipient_name, sender_email, recipient_email, sender_phone, recipient_phone
  FROM shipments_search_text WHERE id = new.id;
END;

CREATE TRIGGER shipments_search_delete AFTER DELETE ON shipments BEGIN
  DELETE FROM shipments_search WHERE rowid = old.id;
END;

-- A renamed customer is found under the new name.
CREATE TRIGGER shipments_search_customer_rename AFTER UPDATE OF name ON customers BEGIN
  UPDATE shipments_search SET customer_name = new.name
  WHERE rowid IN (SELECT id FROM shipments WHERE customer_id = new.id);
END;

-- The short index (013) over the same values, folding accents too.
DROP TRIGGER shipments_short_insert;
DROP TRIGGER shipments_short_update;
DROP TRIGGER shipments_short_delete;
DROP TRIGGER shipments_short_customer_rename;
DROP VIEW shipments_short_text;
DROP TABLE shipments_short;

CREATE VIRTUAL TABLE shipments_short USING fts5(
  grams, content = '', contentless_delete = 1, detail = none, tokenize = 'trigram remove_diacritics 1'
);

CREATE VIEW shipments_short_text AS
SELECT t.id,
  (WITH RECURSIVE
     source(text) AS (
       SELECT t.id_text || char(30) || t.tracking_number || char(30) || t.origin || char(30) || t.current_location
              || char(30) || t.destination || char(30) || t.customer_name || char(30) || t.sender_name || char(30)
              || t.recipient_name || char(30) || t.sender_email || char(30) || t.recipient_email || char(30)
              || t.sender_phone || char(30) || t.recipient_phone
     ),
     encoded(i, grams) AS (
       SELECT 0, ''
       UNION ALL
       SELECT i + 1, grams || CASE substr(text, i + 1, 1)
                                WHEN char(30) THEN char(30)
                                ELSE substr(text, i + 1, 1) || substr(text, i + 1, 1) || char(29)
                              END
       FROM encoded, source WHERE i < length(text)
     )
   SELECT grams || char(30) FROM encoded, source WHERE i = length(text)) AS grams
FROM shipments_search_text t;

INSERT INTO shipments_short (rowid, grams) SELECT id, grams FROM shipments_short_text;

CREATE TRIGGER shipments_short_insert AFTER INSERT ON shipments BEGIN
  INSERT INTO shipments_short (rowid, grams) SELECT id, grams FROM shipments_short_text WHERE id = new.id;
END;

CREATE TRIGGER shipments_short_update
AFTER UPDATE OF tracking_number, origin, current_location, destination, customer_id, sender_name, recipient_name,
                sender_email, recipient_mail, sender_phone, recipient_phone ON shipments BEGIN
  DELETE FROM shipments_short WHERE rowid = old.id;
  INSERT INTO shipments_short (rowid, grams) SELECT id, grams FROM shipments_short_text WHERE id = new.id;
END;

CREATE TRIGGER shipments_short_delete AFTER DELETE ON shipments BEGIN
  DELETE FROM shipments_short WHERE rowid = old.id;
END;

CREATE TRIGGER shipments_short_customer_rename AFTER UPDATE OF name ON customers BEGIN
  DELETE FROM shipments_short WHERE rowid IN (SELECT id FROM shipments WHERE customer_id = new.id);
  INSERT INTO shipments_short (rowid, grams)
  SELECT id, grams FROM shipments_short_text WHERE id IN (SELECT id FROM shipments WHERE customer_id = new.id);
END;

-- Customers: the trigram index folds accents and holds the phone; the word index (1-2 characters)
-- is kept as it was.
DROP TRIGGER customers_search_insert;
DROP TRIGGER customers_search_update;
DROP TRIGGER customers_search_delete;
DROP TABLE customers_search;

CREATE VIRTUAL TABLE customers_search USING fts5(
  id_text, name, contact, email, phone, tokenize = 'trigram remove_diacritics 1'
);

CREATE VIEW customers_search_text AS
SELECT number, id AS id_text, name, coalesce(contact, '') AS contact, coalesce(email, '') AS email,
       replace(replace(replace(replace(replace(replace(replace(coalesce(phone, ''),
         ' ', ''), '-', ''), '.', ''), '(', ''), ')', ''), '+', ''), '/', '') AS phone
FROM customers;

INSERT INTO customers_search (rowid, id_text, name, contact, email, phone)
SELECT number, id_text, name, contact, email, phone FROM customers_search_text;

CREATE TRIGGER customers_search_insert AFTER INSERT ON customers BEGIN
  INSERT INTO customers_search (rowid, id_text, name, contact, email, phone)
  SELECT number, id_text, name, contact, email, phone FROM customers_search_text WHERE number = new.number;
  INSERT INTO customers_words (rowid, name, contact, email)
  VALUES (new.number, new.name, coalesce(new.contact, ''), coalesce(new.email, ''));
END;

CREATE TRIGGER customers_search_update AFTER UPDATE OF id, name, contact, email, phone ON customers BEGIN
  DELETE FROM customers_search WHERE rowid = old.number;
  DELETE FROM customers_words WHERE rowid = old.number;
  INSERT INTO customers_search (rowid, id_text, name, contact, email, phone)
  SELECT number, id_text, name, contact, email, phone FROM customers_search_text WHERE number = new.number;
  INSERT INTO customers_words (rowid, name, contact, email)
  VALUES (new.number, new.name, coalesce(new.contact, ''), coalesce(new.email, ''));
END;

CREATE TRIGGER customers_search_delete AFTER DELETE ON customers BEGIN
  DELETE FROM customers_search WHERE rowid = old.number;
  DELETE FROM customers_words WHERE rowid = old.number;
END;

CREATE INDEX outbox_subscription ON outbox (subscription_id, kind, created_at);
