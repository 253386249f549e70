-- The gazetteer becomes editable by staff (Settings > Places): each place gets a stable id
-- (so it can be renamed and addressed in a URL without its name), and the time of its last change.
-- The name stays unique whatever its case, as the public lookup matches it case-insensitively.

CREATE TABLE gazetteer_next (
  id          INTEGER PRIMARY KEY,
  name        TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 200),
  latitude    REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude   REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  updated_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

INSERT INTO gazetteer_next (name, latitude, longitude) SELECT name, latitude, longitude FROM gazetteer ORDER BY name;

DROP TABLE gazetteer;

ALTER TABLE gazetteer_next RENAME TO gazetteer;
