-- Shipments are also found by their customer's own reference (an order number, from an import, 029): both
-- shipment search indexes (018) get it as their last value. The triggers that name the indexed values are made
-- again; those that do not (delete, customer rename) are kept.
--
-- The trigram index gets a column, so it is rebuilt from the rows (7 to 13 s per 100,000 shipments here). The
-- short index is not: working out its text costs some 2 s per 1,000 shipments (35 minutes at 1,000,000), and a
-- shipment without a reference would only gain a trailing separator no search term can hold (control
-- characters are refused), so only the shipments with a reference are indexed again.

DROP TRIGGER shipments_search_insert;
DROP TRIGGER shipments_search_update;
DROP TRIGGER shipments_short_insert;
DROP TRIGGER shipments_short_update;
DROP VIEW shipments_short_text;
DROP VIEW shipments_search_text;
DROP TABLE shipments_search;

CREATE VIRTUAL TABLE shipments_search USING fts5(
  id_text, tracking_number, origin, current_location, destination, customer_name, sender_name,
  recipient_name, sender_email, recipient_email, sender_phone, recipient_phone, reference,
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
         ' ', ''), '-', ''), '.', ''), '(', ''), ')', ''), '+', ''), '/', '') AS recipient_phone,
       coalesce(s.reference, '') AS reference
FROM shipments s LEFT JOIN customers c ON c.id = s.customer_id;

INSERT INTO shipments_search (rowid, id_text, tracking_number, origin, current_location, destination, customer_name,
                              sender_name, recipient_name, sender_email, recipient_email, sender_phone, recipient_phone,
                              reference)
SELECT id, id_text, tracking_number, origin, current_location, destination, customer_name,
       sender_name, recipient_name, sender_email, recipient_email, sender_phone, recipient_phone, reference
FROM shipments_search_text;

CREATE TRIGGER shipments_search_insert AFTER INSERT ON shipments BEGIN
  INSERT INTO shipments_search (rowid, id_text, tracking_number, origin, current_location, destination, customer_name,
                                sender_name, recipient_name, sender_email, recipient_email, sender_phone, recipient_phone,
                                reference)
  SELECT id, id_text, tracking_number, origin, current_location, destination, customer_name,
         sender_name, recipient_name, sender_email, recipient_email, sender_phone, recipient_phone, reference
  FROM shipments_search_text WHERE id = new.id;
END;

CREATE TRIGGER shipments_search_update
AFTER UPDATE OF tracking_number, origin, current_location, destination, customer_id, sender_name, recipient_name,
                sender_email, recipient_mail, sender_phone, recipient_phone, reference ON shipments BEGIN
  DELETE FROM shipments_search WHERE rowid = old.id;
  INSERT INTO shipments_search (rowid, id_text, tracking_number, origin, current_location, destination, customer_name,
                                sender_name, recipient_name, sender_email, recipient_email, sender_phone, recipient_phone,
                                reference)
  SELECT id, id_text, tracking_number, origin, current_location, destination, customer_name,
         sender_name, recipient_name, sender_email, recipient_email, sender_phone, recipient_phone, reference
  FROM shipments_search_text WHERE id = new.id;
END;

-- The short index's text (013): each character doubled and followed by GS, so a character is the trigram
-- `c c GS` and a pair `x GS y`; RS keeps the values apart.
CREATE VIEW shipments_short_text AS
SELECT t.id,
  (WITH RECURSIVE
     source(text) AS (
       SELECT t.id_text || char(30) || t.tracking_number || char(30) || t.origin || char(30) || t.current_location
              || char(30) || t.destination || char(30) || t.customer_name || char(30) || t.sender_name || char(30)
              || t.recipient_name || char(30) || t.sender_email || char(30) || t.recipient_email || char(30)
              || t.sender_phone || char(30) || t.recipient_phone || char(30) || t.reference
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

DELETE FROM shipments_short WHERE rowid IN (SELECT id FROM shipments WHERE reference IS NOT NULL);
INSERT INTO shipments_short (rowid, grams)
SELECT id, grams FROM shipments_short_text WHERE id IN (SELECT id FROM shipments WHERE reference IS NOT NULL);

CREATE TRIGGER shipments_short_insert AFTER INSERT ON shipments BEGIN
  INSERT INTO shipments_short (rowid, grams) SELECT id, grams FROM shipments_short_text WHERE id = new.id;
END;

CREATE TRIGGER shipments_short_update
AFTER UPDATE OF tracking_number, origin, current_location, destination, customer_id, sender_name, recipient_name,
                sender_email, recipient_mail, sender_phone, recipient_phone, reference ON shipments BEGIN
  DELETE FROM shipments_short WHERE rowid = old.id;
  INSERT INTO shipments_short (rowid, grams) SELECT id, grams FROM shipments_short_text WHERE id = new.id;
END;
