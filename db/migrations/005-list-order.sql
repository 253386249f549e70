-- The admin list is now newest first by id (ids only grow and shipments are created "now"). An index
-- on one column keeps rowid order within each value, so a status or type filter walks it straight in
-- list order: shipments_status (001) serves status; package_type gets its own. The (column,
-- created_at) indexes of 003 served the old created_at order only.
CREATE INDEX shipments_package_type ON shipments (package_type);
DROP INDEX shipments_status_created;
DROP INDEX shipments_type_created;
