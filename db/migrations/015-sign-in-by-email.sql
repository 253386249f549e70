-- The owner gets in while strangers fill the account's sign-in budget: with the budget full, a right
-- password is finished by the second factor or by a one-time link emailed to the account.

-- A second step asked for while the account's budget was full ("guarded") is handed out whatever
-- the password was, so the answer never tells a right password from a wrong one; `password_ok`
-- says whether it can ever pass.
ALTER TABLE login_challenges ADD COLUMN guarded INTEGER NOT NULL DEFAULT 0 CHECK (guarded IN (0, 1));
ALTER TABLE login_challenges ADD COLUMN password_ok INTEGER NOT NULL DEFAULT 1 CHECK (password_ok IN (0, 1));

-- One-time sign-in links: only the hash of the token is kept. A used or expired link stays a day so
-- its page can say which it is, then is purged.
CREATE TABLE sign_in_links (
  token_hash  TEXT PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  remember    INTEGER NOT NULL CHECK (remember IN (0, 1)),
  created_at  TEXT NOT NULL,
  expires_at  TEXT NOT NULL,
  used_at     TEXT
) WITHOUT ROWID;
CREATE INDEX sign_in_links_user ON sign_in_links (user_id, created_at);
CREATE INDEX sign_in_links_expiry ON sign_in_links (expires_at);

-- The outbox takes the sign-in link among its kinds. The kinds are the outbox schema's list, which
-- the one writer of the table checks; the table no longer repeats it, so a new kind needs no rebuild.
CREATE TABLE outbox_next (
  id               INTEGER PRIMARY KEY,
  kind             TEXT NOT NULL CHECK (kind GLOB '[a-z]*' AND length(kind) <= 40),
  audience         TEXT NOT NULL CHECK (audience IN ('customer', 'staff')),
  recipient        TEXT NOT NULL CHECK (length(recipient) BETWEEN 3 AND 254),
  subscription_id  INTEGER REFERENCES mail_subscriptions (id) ON DELETE SET NULL,
  tracking_number  TEXT,
  payload          TEXT NOT NULL CHECK (json_valid(payload)),
  dedupe_key       TEXT UNIQUE,
  state            TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sending', 'sent', 'failed', 'cancelled', 'logged')),
  attempts         INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at  TEXT NOT NULL,
  lease_until      TEXT,
  subject          TEXT,
  text_body        TEXT,
  html_body        TEXT,
  headers          TEXT CHECK (headers IS NULL OR json_valid(headers)),
  message_id       TEXT,
  last_error       TEXT,
  created_at       TEXT NOT NULL,
  sent_at          TEXT
);
INSERT INTO outbox_next SELECT id, kind, audience, recipient, subscription_id, tracking_number, payload, dedupe_key,
  state, attempts, next_attempt_at, lease_until, subject, text_body, html_body, headers, message_id, last_error,
  created_at, sent_at FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_next RENAME TO outbox;
CREATE INDEX outbox_due ON outbox (state, next_attempt_at);
CREATE INDEX outbox_state ON outbox (state, id);
