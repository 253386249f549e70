-- Settings > Places lists the place names shipments use that the route map cannot draw by name. Finding them
-- by reading every shipment's three places would scan the whole table (a million rows at scale), so triggers
-- keep, per place name, how many shipments name it as origin, destination or current location. Names match
-- without regard to case, as the route map matches them with the gazetteer; a shipment naming one place
-- twice counts once. Only these triggers write the table.

CREATE TABLE place_usage (
  name       TEXT PRIMARY KEY COLLATE NOCASE,
  shipments  INTEGER NOT NULL CHECK (shipments >= 0)
) WITHOUT ROWID;

INSERT INTO place_usage (name, shipments)
SELECT place, count(*) FROM (
  SELECT id, trim(origin) COLLATE NOCASE AS place FROM shipments
  UNION SELECT id, trim(destination) FROM shipments
  UNION SELECT id, trim(current_location) FROM shipments
) WHERE place <> ''
GROUP BY place;

CREATE TRIGGER place_usage_insert AFTER INSERT ON shipments BEGIN
  INSERT INTO place_usage (name, shipments)
  SELECT place, 1 FROM (
    SELECT trim(new.origin) COLLATE NOCASE AS place UNION SELECT trim(new.destination) UNION SELECT trim(new.current_location)
  ) WHERE place <> ''
  ON CONFLICT (name) DO UPDATE SET shipments = shipments + 1;
END;

CREATE TRIGGER place_usage_update AFTER UPDATE OF origin, destination, current_location ON shipments BEGIN
  UPDATE place_usage SET shipments = shipments - 1 WHERE name IN (
    SELECT trim(old.origin) COLLATE NOCASE UNION SELECT trim(old.destination) UNION SELECT trim(old.current_location)
  );
  INSERT INTO place_usage (name, shipments)
  SELECT place, 1 FROM (
    SELECT trim(new.origin) COLLATE NOCASE AS place UNION SELECT trim(new.destination) UNION SELECT trim(new.current_location)
  ) WHERE place <> ''
  ON CONFLICT (name) DO UPDATE SET shipments = shipments + 1;
  DELETE FROM place_usage WHERE shipments = 0 AND name IN (
    SELECT trim(old.origin) COLLATE NOCASE UNION SELECT trim(old.destination) UNION SELECT trim(old.current_location)
  );
END;

CREATE TRIGGER place_usage_delete AFTER DELETE ON shipments BEGIN
  UPDATE place_usage SET shipments = shipments - 1 WHERE name IN (
    SELECT trim(old.origin) COLLATE NOCASE UNION SELECT trim(old.destination) UNION SELECT trim(old.current_location)
  );
  DELETE FROM place_usage WHERE shipments = 0 AND name IN (
    SELECT trim(old.origin) COLLATE NOCASE UNION SELECT trim(old.destination) UNION SELECT trim(old.current_location)
  );
END;
