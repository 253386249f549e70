-- A shipment's pieces: each parcel of it with its own weight, dimensions, barcode (the tracking number and
-- "-<number>", derived, never stored) and delivery. The shipment's weight stays stored as the pieces' total,
-- so lists, exports and searches read it as before.
CREATE TABLE shipment_pieces (
  id            INTEGER PRIMARY KEY,
  shipment_id   INTEGER NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  number        INTEGER NOT NULL CHECK (number BETWEEN 1 AND 999),
  weight        REAL CHECK (weight IS NULL OR weight >= 0),
  -- Sides in centimetres ("_cm": a row read by the client is array-like, so no column is called "length").
  length_cm     REAL CHECK (length_cm IS NULL OR length_cm >= 0),
  width_cm      REAL CHECK (width_cm IS NULL OR width_cm >= 0),
  height_cm     REAL CHECK (height_cm IS NULL OR height_cm >= 0),
  delivered_at  TEXT,
  -- The scan (its sender and event id) that delivered the piece: the rest of that scan's batch (the history
  -- entry, the shipment becoming delivered) applies only where this scan was the one that set it.
  delivered_by  TEXT,
  UNIQUE (shipment_id, number)
);

-- Every shipment has at least its first piece, however it was made (the forms, an import, an accepted quote,
-- the seed): piece 1 carries the weight given. Forms with more pieces then write them over it.
CREATE TRIGGER shipment_first_piece AFTER INSERT ON shipments BEGIN
  INSERT INTO shipment_pieces (shipment_id, number, weight, delivered_at)
  VALUES (new.id, 1, new.weight, CASE WHEN new.status = 'delivered' THEN new.updated_at END);
END;

-- A shipment delivered as a whole (staff's status, a proof, a scan of the plain tracking number) delivers every
-- piece not yet delivered; reopened (any other status after delivered), its pieces are out again.
CREATE TRIGGER shipment_pieces_delivered AFTER UPDATE OF status ON shipments
WHEN new.status = 'delivered' AND old.status <> 'delivered' BEGIN
  UPDATE shipment_pieces SET delivered_at = new.updated_at WHERE shipment_id = new.id AND delivered_at IS NULL;
END;
CREATE TRIGGER shipment_pieces_reopened AFTER UPDATE OF status ON shipments
WHEN old.status = 'delivered' AND new.status <> 'delivered' BEGIN
  UPDATE shipment_pieces SET delivered_at = NULL, delivered_by = NULL WHERE shipment_id = new.id;
END;

-- Existing shipments: one piece each, carrying the shipment's weight, delivered when the shipment is.
INSERT INTO shipment_pieces (shipment_id, number, weight, delivered_at)
SELECT id, 1, weight, CASE WHEN status = 'delivered' THEN updated_at END FROM shipments;

-- Which piece a scan named (null: the shipment as a whole).
ALTER TABLE scan_events ADD COLUMN piece INTEGER;
