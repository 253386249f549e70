-- Search at a million shipments.
--
-- 1. Terms of one or two characters. The trigram index (003) needs three, so they were matched with
--    LIKE over every row: a rare or absent pair of characters read the whole table. shipments_short
--    indexes every character and every pair of consecutive characters of the same searched values, as
--    single trigrams of an encoded text: each character c becomes `c c GS` (GS = char(29)), values are
--    separated by RS (char(30)). The trigram `c c GS` then occurs exactly when c does, and `x GS y`
--    exactly when x is followed by y in one value; text never holds these control characters (the
--    schemas refuse them), so no other trigram looks like a query's. Contentless with detail=none: it
--    keeps only which rows hold each trigram, no text and no positions, and is searched with one token.
-- 2. A filter on status and type that few shipments pass, with a broad term: the list reads those few
--    from this index and checks each against the search instead of checking every match of the term.
CREATE INDEX shipments_status_type ON shipments (status, package_type);

CREATE VIRTUAL TABLE shipments_short USING fts5(
  grams, content = '', contentless_delete = 1, detail = none, tokenize = 'trigram'
);

-- The encoded text of each shipment: its searched values joined by RS, walked one character at a
-- time (a recursive query builds it in order; the trigram `c GS RS` or `GS RS c` at a boundary holds
-- a control character no query has, so no pair is made across two values).
CREATE VIEW shipments_short_text AS
SELECT s.id,
  (WITH RECURSIVE
     source(text) AS (
       SELECT CAST(s.id AS TEXT) || char(30) || s.tracking_number || char(30) || s.origin || char(30)
              || coalesce(s.current_location, '') || char(30) || s.destination || char(30)
              || coalesce(c.name, '') || char(30) || s.sender_name
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
FROM shipments s LEFT JOIN customers c ON c.id = s.customer_id;

INSERT INTO shipments_short (rowid, grams) SELECT id, grams FROM shipments_short_text;

CREATE TRIGGER shipments_short_insert AFTER INSERT ON shipments BEGIN
  INSERT INTO shipments_short (rowid, grams) SELECT id, grams FROM shipments_short_text WHERE id = new.id;
END;

CREATE TRIGGER shipments_short_update
AFTER UPDATE OF tracking_number, origin, current_location, destination, customer_id, sender_name ON shipments BEGIN
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
