-- 1. Every field an edit changes is kept with its value before and after, for the shipment's record of
--    changes. The values keep their type (text, number or null), so the columns declare none.
-- 2. A customer can be erased on request: erased_at marks it (its personal data is removed, its
--    shipments stay, linked to it).
-- 3. Duplicates are looked up by email (any case) and by name (any case) with phone digits, so an
--    index answers each.
CREATE TABLE shipment_changes (
  id           INTEGER PRIMARY KEY,
  shipment_id  INTEGER NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  field        TEXT NOT NULL CHECK (field GLOB '[a-z]*' AND length(field) <= 64),
  old_value,
  new_value,
  actor_email  TEXT,
  created_at   TEXT NOT NULL
);

CREATE INDEX shipment_changes_shipment ON shipment_changes (shipment_id, id);

ALTER TABLE customers ADD COLUMN erased_at TEXT;

CREATE INDEX customers_email_nocase ON customers (lower(email)) WHERE email IS NOT NULL;
CREATE INDEX customers_name_phone ON customers (
  lower(name),
  replace(replace(replace(replace(replace(replace(phone, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '')
) WHERE phone IS NOT NULL;
