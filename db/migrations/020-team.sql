-- The team: staff get a name and a status, and join by invitation. A deactivated account keeps its
-- history (activity entries, keys it made) but cannot sign in; existing accounts are active, their name
-- unset (shown as the email).
ALTER TABLE admin_users ADD COLUMN name TEXT CHECK (name IS NULL OR length(name) BETWEEN 1 AND 100);
ALTER TABLE admin_users ADD COLUMN status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'deactivated'));
CREATE INDEX admin_users_role_status ON admin_users (role, status);

-- Invitations: only the hash of the link's token is kept. Resending replaces the hash (the old link
-- stops working) and the expiry; an accepted or revoked invitation stays, so its link's page can say
-- which it is. One pending invitation per email.
CREATE TABLE staff_invitations (
  id                INTEGER PRIMARY KEY,
  email             TEXT NOT NULL COLLATE NOCASE CHECK (length(email) BETWEEN 3 AND 254),
  role              TEXT NOT NULL CHECK (role IN ('admin', 'dispatcher', 'driver', 'viewer')),
  token_hash        TEXT NOT NULL UNIQUE,
  invited_by        INTEGER REFERENCES admin_users (id) ON DELETE SET NULL,
  invited_by_email  TEXT NOT NULL,
  created_at        TEXT NOT NULL,
  expires_at        TEXT NOT NULL,
  state             TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'accepted', 'revoked')),
  ended_at          TEXT,
  -- Held while a password is hashed for it: parallel acceptances are refused instead of each hashing.
  claimed_until     TEXT,
  CHECK ((state = 'pending') = (ended_at IS NULL))
);
CREATE UNIQUE INDEX staff_invitations_pending_email ON staff_invitations (email) WHERE state = 'pending';

-- The Team screen's last sign-in is the newest `login` entry of each account.
CREATE INDEX activity_log_user_action ON activity_log (user_id, action, created_at);
