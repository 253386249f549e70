-- Substring search for the admin shipment list: an FTS5 trigram index over the searchable text of
-- each shipment (its id, tracking number, places, customer name and sender name), kept in step by
-- triggers. The FTS rowid is the shipment id. A quoted query matches any substring of 3+ characters
-- in one column, case-insensitively.

CREATE VIRTUAL TABLE shipments_search USING fts5(
  id_text, tracking_number, origin, current_location, destination, customer_name, sender_name,
  tokenize = 'trigram'
);

INSERT INTO shipments_search (rowid, id_text, tracking_number, origin, current_location, destination, customer_name, sender_name)
SELECT s.id, CAST(s.id AS TEXT), s.tracking_number, s.origin, coalesce(s.current_location, ''), s.destination,
       coalesce(c.name, ''), s.sender_name
FROM shipments s LEFT JOIN customers c ON c.id = s.customer_id;

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

CREATE TRIGGER shipments_search_delete AFTER DELETE ON shipments BEGIN
  DELETE FROM shipments_search WHERE rowid = old.id;
END;

-- A renamed customer is found under the new name.
CREATE TRIGGER shipments_search_customer_rename AFTER UPDATE OF name ON customers BEGIN
  UPDATE shipments_search SET customer_name = new.name
  WHERE rowid IN (SELECT id FROM shipments WHERE customer_id = new.id);
END;

-- The list filters by status or type and sorts newest first: these keep both in index order.
CREATE INDEX shipments_status_created ON shipments (status, created_at);
CREATE INDEX shipments_type_created ON shipments (package_type, created_at);
