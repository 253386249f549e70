-- Shipment data that stays true.
--
-- 1. A history entry carries its place (country, optional city) and the expected arrival there in
--    their own columns; `notes` is only what staff typed. Notes the code used to generate are moved
--    into those columns (or dropped when they only repeated the entry's status).
-- 2. `arrival_time` ("Next arrival") is an instant: ISO 8601 in UTC, like every other time.
-- 3. Admin notes become a list (shipment_notes: author, time, text), staff-only.
-- 4. A verified recipient's reveal of the full address is a grant for one browser token.
-- 5. A small gazetteer gives the route map coordinates for place names.

ALTER TABLE shipment_histories ADD COLUMN location_city TEXT CHECK (location_city IS NULL OR length(location_city) <= 200);
ALTER TABLE shipment_histories ADD COLUMN location_country TEXT CHECK (location_country IS NULL OR length(location_country) <= 200);
ALTER TABLE shipment_histories ADD COLUMN expected_arrival TEXT;

-- 'Location updated: Hamburg, Germany; expected arrival 2026-11-30T08:00' (netlify/lib/shipments.ts
-- before 008). The place splits at its last comma: "City, Country" or just "Country". `head` is the
-- place up to and including its last comma (rtrim drops every trailing character that is not a
-- comma), empty when it has none.
UPDATE shipment_histories AS h
SET location_city = nullif(trim(substr(p.head, 1, length(p.head) - 1)), ''),
    location_country = nullif(trim(substr(p.place, length(p.head) + 1)), ''),
    expected_arrival = coalesce(strftime('%Y-%m-%dT%H:%M:%fZ', trim(p.arrival)), trim(p.arrival)),
    notes = NULL
FROM (
  SELECT id, place, arrival, rtrim(place, replace(place, ',', '')) AS head
  FROM (
    SELECT id,
           substr(notes, 19, instr(notes, '; expected arrival ') - 19) AS place,
           substr(notes, instr(notes, '; expected arrival ') + 19) AS arrival
    FROM shipment_histories
    WHERE notes GLOB 'Location updated: *; expected arrival *'
  )
) AS p
WHERE h.id = p.id;

-- 'Shipment created at London, United Kingdom': the first entry's place is the origin.
UPDATE shipment_histories AS h
SET location_city = nullif(trim(substr(p.head, 1, length(p.head) - 1)), ''),
    location_country = nullif(trim(substr(p.place, length(p.head) + 1)), ''),
    notes = NULL
FROM (
  SELECT id, place, rtrim(place, replace(place, ',', '')) AS head
  FROM (SELECT id, substr(notes, 21) AS place FROM shipment_histories WHERE notes GLOB 'Shipment created at ?*')
) AS p
WHERE h.id = p.id;

-- 'Status changed to On Hold' (the edit dialog) only repeated the entry's own status.
UPDATE shipment_histories
SET notes = NULL
WHERE notes = 'Status changed to ' || CASE status
  WHEN 'preparing' THEN 'Preparing'
  WHEN 'processing' THEN 'Processing'
  WHEN 'in_transit' THEN 'In Transit'
  WHEN 'on_hold' THEN 'On Hold'
  WHEN 'delivered' THEN 'Delivered'
END;

-- Next arrival as an instant; a value SQLite cannot read as a time is kept as it was.
UPDATE shipments
SET arrival_time = strftime('%Y-%m-%dT%H:%M:%fZ', trim(arrival_time))
WHERE arrival_time IS NOT NULL AND strftime('%Y-%m-%dT%H:%M:%fZ', trim(arrival_time)) IS NOT NULL;

-- Staff-only notes, appended, never edited. author_email is null for the notes imported from the
-- old single admin_notes text, whose author was not recorded.
CREATE TABLE shipment_notes (
  id            INTEGER PRIMARY KEY,
  shipment_id   INTEGER NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  author_id     INTEGER REFERENCES admin_users (id) ON DELETE SET NULL,
  author_email  TEXT,
  text          TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 2000),
  created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE INDEX shipment_notes_shipment ON shipment_notes (shipment_id, id);

INSERT INTO shipment_notes (shipment_id, text, created_at)
SELECT id, substr(trim(admin_notes), 1, 2000), updated_at FROM shipments WHERE trim(coalesce(admin_notes, '')) <> '';

ALTER TABLE shipments DROP COLUMN admin_notes;

-- The browser token (only its SHA-256 is stored) that proved the recipient's email or phone for a
-- shipment, until it expires; the cookie itself ends with the browser session.
CREATE TABLE tracking_reveals (
  token_hash   TEXT NOT NULL,
  shipment_id  INTEGER NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  expires_at   TEXT NOT NULL,
  PRIMARY KEY (token_hash, shipment_id)
) WITHOUT ROWID;

CREATE INDEX tracking_reveals_expiry ON tracking_reveals (expires_at);

-- Coordinates for place names as staff write them ("City, Country", or a country alone, which
-- stands for its centre). Filled for the demo cities; staff will edit it (not yet in the admin).
CREATE TABLE gazetteer (
  name       TEXT PRIMARY KEY COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 200),
  latitude   REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude  REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180)
) WITHOUT ROWID;

INSERT INTO gazetteer (name, latitude, longitude) VALUES
  ('Sacramento, USA', 38.5816, -121.4944),
  ('Los Angeles, USA', 34.0522, -118.2437),
  ('New York, USA', 40.7128, -74.0060),
  ('Chicago, USA', 41.8781, -87.6298),
  ('Houston, USA', 29.7604, -95.3698),
  ('Seattle, USA', 47.6062, -122.3321),
  ('Toronto, Canada', 43.6532, -79.3832),
  ('Mexico City, Mexico', 19.4326, -99.1332),
  ('London, United Kingdom', 51.5074, -0.1278),
  ('Manchester, United Kingdom', 53.4808, -2.2426),
  ('Rotterdam, Netherlands', 51.9244, 4.4777),
  ('Hamburg, Germany', 53.5511, 9.9937),
  ('Paris, France', 48.8566, 2.3522),
  ('Madrid, Spain', 40.4168, -3.7038),
  ('Dubai, UAE', 25.2048, 55.2708),
  ('Mumbai, India', 19.0760, 72.8777),
  ('Singapore, Singapore', 1.3521, 103.8198),
  ('Shanghai, China', 31.2304, 121.4737),
  ('Tokyo, Japan', 35.6762, 139.6503),
  ('Sydney, Australia', -33.8688, 151.2093),
  ('Melbourne, Australia', -37.8136, 144.9631),
  ('Auckland, New Zealand', -36.8485, 174.7633),
  ('São Paulo, Brazil', -23.5505, -46.6333),
  ('Johannesburg, South Africa', -26.2041, 28.0473),
  ('USA', 39.8283, -98.5795),
  ('Canada', 56.1304, -106.3468),
  ('Mexico', 23.6345, -102.5528),
  ('United Kingdom', 54.0000, -2.0000),
  ('Netherlands', 52.1326, 5.2913),
  ('Germany', 51.1657, 10.4515),
  ('France', 46.2276, 2.2137),
  ('Spain', 40.4637, -3.7492),
  ('UAE', 23.4241, 53.8478),
  ('India', 20.5937, 78.9629),
  ('Singapore', 1.3521, 103.8198),
  ('China', 35.8617, 104.1954),
  ('Japan', 36.2048, 138.2529),
  ('Australia', -25.2744, 133.7751),
  ('New Zealand', -40.9006, 174.8860),
  ('Brazil', -14.2350, -51.9253),
  ('South Africa', -30.5595, 22.9375);
