-- Shipments imported from a file. Each carries its customer's own reference (an order number): unique per
-- customer, and among shipments without a customer, so importing a row again creates nothing (the import
-- inserts with ON CONFLICT DO NOTHING on this index). Shipments made by hand have none.
ALTER TABLE shipments ADD COLUMN reference TEXT CHECK (reference IS NULL OR length(reference) BETWEEN 1 AND 100);
CREATE UNIQUE INDEX shipments_reference ON shipments (coalesce(customer_id, ''), reference) WHERE reference IS NOT NULL;

-- The history of imports: one row per file sent, named by the key the screen drew for it, so every chunk of
-- the file (and a chunk sent again) joins the same import.
CREATE TABLE imports (
  id               INTEGER PRIMARY KEY,
  key              TEXT NOT NULL UNIQUE,
  file_name        TEXT NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
  created_by       INTEGER REFERENCES admin_users (id) ON DELETE SET NULL,
  created_by_email TEXT NOT NULL,
  created_at       TEXT NOT NULL
);
CREATE INDEX imports_newest ON imports (created_at DESC, id DESC);

-- What each chunk of an import did, written with its shipments in one transaction; the first write of a chunk
-- wins, so one sent again (or 20 times at once) is counted once. Failed rows keep their cells and errors (JSON)
-- for the file staff download to fix them.
CREATE TABLE import_chunks (
  import_id   INTEGER NOT NULL REFERENCES imports (id) ON DELETE CASCADE,
  chunk       INTEGER NOT NULL CHECK (chunk >= 0),
  created     INTEGER NOT NULL CHECK (created >= 0),
  skipped     INTEGER NOT NULL CHECK (skipped >= 0),
  failed      INTEGER NOT NULL CHECK (failed >= 0),
  failed_rows TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(failed_rows)),
  created_at  TEXT NOT NULL,
  PRIMARY KEY (import_id, chunk)
);
