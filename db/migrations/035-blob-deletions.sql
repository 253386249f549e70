-- Files in Netlify Blobs that must go once the rows naming them are deleted (a shipment at the end of its
-- retention takes its proof's signature and photo). The keys are queued in the transaction that deletes the
-- rows, and the housekeeping deletes the files after it, removing each key once its file is gone: a failed
-- delete is tried again by the next run, and no file outlives its row for good.
CREATE TABLE blob_deletions (
  store      TEXT NOT NULL CHECK (store IN ('proof-images')),
  key        TEXT NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
  queued_at  TEXT NOT NULL,
  PRIMARY KEY (store, key)
);
