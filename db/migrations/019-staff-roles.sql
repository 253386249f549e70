-- Staff roles beyond admin. SQLite cannot change a CHECK in place, and rebuilding admin_users would
-- cascade through every table that references it, so the column is replaced: the new one is added with
-- the wider CHECK, filled from the old, and takes its name. Existing accounts stay admins.
ALTER TABLE admin_users ADD COLUMN staff_role TEXT NOT NULL DEFAULT 'admin'
  CHECK (staff_role IN ('admin', 'dispatcher', 'driver', 'viewer'));
UPDATE admin_users SET staff_role = role;
ALTER TABLE admin_users DROP COLUMN role;
ALTER TABLE admin_users RENAME COLUMN staff_role TO role;
