-- Proof of delivery: who signed, when and where, for one delivered shipment. The signature and photo live in
-- Netlify Blobs under unguessable keys; a row exists only once its blobs are written (netlify/lib/proofs.ts).
CREATE TABLE proofs (
  id              INTEGER PRIMARY KEY,
  shipment_id     INTEGER NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  -- The upload's sender and device event id, as scan_events records them: a repeat is the same proof.
  source          TEXT NOT NULL CHECK (source GLOB 'user:[0-9]*'),
  event_id        TEXT NOT NULL CHECK (length(event_id) BETWEEN 1 AND 100),
  recipient_name  TEXT NOT NULL CHECK (length(recipient_name) BETWEEN 1 AND 100),
  signature_key   TEXT NOT NULL,
  photo_key       TEXT,
  photo_type      TEXT CHECK ((photo_key IS NULL AND photo_type IS NULL)
                              OR photo_type IN ('image/jpeg', 'image/png', 'image/webp')),
  latitude        REAL CHECK (latitude IS NULL OR latitude BETWEEN -90 AND 90),
  longitude       REAL CHECK (longitude IS NULL OR longitude BETWEEN -180 AND 180),
  accuracy        REAL CHECK (accuracy IS NULL OR accuracy >= 0),
  delivered_at    TEXT NOT NULL,
  recorded_by     INTEGER REFERENCES admin_users (id) ON DELETE SET NULL,
  recorded_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
-- One proof per shipment: two devices recording the same stop at once give one result.
CREATE UNIQUE INDEX proofs_shipment ON proofs (shipment_id);
