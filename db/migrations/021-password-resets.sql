-- Password reset by email: a one-time link valid 30 minutes. Only the hash of its token is kept. A new
-- request replaces the account's earlier unused links (`replaced_at`), so only the latest works. A used,
-- replaced or expired link stays a day so its page can say which it is, then is purged.
CREATE TABLE password_resets (
  token_hash   TEXT PRIMARY KEY,
  user_id      INTEGER NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  created_at   TEXT NOT NULL,
  expires_at   TEXT NOT NULL,
  used_at      TEXT,
  replaced_at  TEXT
) WITHOUT ROWID;
CREATE INDEX password_resets_user ON password_resets (user_id, created_at);
CREATE INDEX password_resets_expiry ON password_resets (expires_at);
