-- Sign-in security: a login throttle counted before the password check, known addresses,
-- two-factor sign-in (TOTP) with recovery codes and a short-lived second-step challenge, and
-- sessions that say where they come from. Every table here is purged on write (bounded batches), so
-- indexes on the purge columns come with them.

-- A login attempt is now recorded BEFORE its password is checked, from a client address, and marked
-- finished once checked: unfinished rows are the hashes in flight across every instance.
ALTER TABLE login_attempts ADD COLUMN address TEXT NOT NULL DEFAULT '' CHECK (length(address) <= 64);
ALTER TABLE login_attempts ADD COLUMN known INTEGER NOT NULL DEFAULT 0 CHECK (known IN (0, 1));
ALTER TABLE login_attempts ADD COLUMN finished INTEGER NOT NULL DEFAULT 1 CHECK (finished IN (0, 1));
CREATE INDEX login_attempts_pair ON login_attempts (email, address, attempted_at);
CREATE INDEX login_attempts_account_unknown ON login_attempts (email, attempted_at) WHERE known = 0;
CREATE INDEX login_attempts_address ON login_attempts (address, attempted_at) WHERE known = 0;
CREATE INDEX login_attempts_in_flight ON login_attempts (attempted_at) WHERE finished = 0;
CREATE INDEX login_attempts_time ON login_attempts (attempted_at);

-- Addresses an account has fully signed in from: they get their own throttle bucket, so guesses
-- from elsewhere cannot lock the account out of them.
CREATE TABLE admin_known_addresses (
  user_id        INTEGER NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  address        TEXT NOT NULL CHECK (length(address) BETWEEN 1 AND 64),
  last_login_at  TEXT NOT NULL,
  PRIMARY KEY (user_id, address)
) WITHOUT ROWID;
CREATE INDEX admin_known_addresses_time ON admin_known_addresses (last_login_at);

-- Sessions get a public id (the token's hash never leaves the server), the browser and the address.
CREATE TABLE sessions_next (
  token_hash    TEXT PRIMARY KEY,
  id            TEXT NOT NULL DEFAULT (lower(hex(randomblob(16)))),
  user_id       INTEGER NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  created_at    TEXT NOT NULL,
  last_seen_at  TEXT NOT NULL,
  expires_at    TEXT NOT NULL,
  user_agent    TEXT NOT NULL DEFAULT '' CHECK (length(user_agent) <= 512),
  address       TEXT NOT NULL DEFAULT '' CHECK (length(address) <= 64)
) WITHOUT ROWID;
INSERT INTO sessions_next (token_hash, user_id, created_at, last_seen_at, expires_at)
SELECT token_hash, user_id, created_at, last_seen_at, expires_at FROM sessions;
DROP TABLE sessions;
ALTER TABLE sessions_next RENAME TO sessions;
CREATE UNIQUE INDEX sessions_id ON sessions (id);
CREATE INDEX sessions_user ON sessions (user_id, created_at);
CREATE INDEX sessions_expiry ON sessions (expires_at);
CREATE INDEX sessions_last_seen ON sessions (last_seen_at);

-- Between a right password and the second factor: a pending sign-in, not a session. Only the hash of
-- its token is stored; it lives 5 minutes and allows a few codes.
CREATE TABLE login_challenges (
  token_hash  TEXT PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  remember    INTEGER NOT NULL CHECK (remember IN (0, 1)),
  attempts    INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  created_at  TEXT NOT NULL,
  expires_at  TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX login_challenges_user ON login_challenges (user_id);
CREATE INDEX login_challenges_expiry ON login_challenges (expires_at);

-- TOTP (RFC 6238) per admin: a secret being set up, the enabled secret, and the last time step used
-- (a code is never accepted twice).
CREATE TABLE admin_two_factor (
  user_id             INTEGER PRIMARY KEY REFERENCES admin_users (id) ON DELETE CASCADE,
  pending_secret      TEXT,
  pending_created_at  TEXT,
  secret              TEXT,
  enabled_at          TEXT,
  last_step           INTEGER,
  CHECK ((secret IS NULL) = (enabled_at IS NULL))
);

-- One-time recovery codes, stored as hashes only.
CREATE TABLE admin_recovery_codes (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  code_hash   TEXT NOT NULL,
  created_at  TEXT NOT NULL,
  used_at     TEXT
);
CREATE UNIQUE INDEX admin_recovery_codes_user_code ON admin_recovery_codes (user_id, code_hash);

-- Old rate-limit windows of any key are purged in bounded batches.
CREATE INDEX rate_limits_window ON rate_limits (window_start);
