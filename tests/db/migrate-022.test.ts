import { describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate';
import { migrateBefore } from '../helpers/migrations';
import { useTestDatabase } from '../helpers/test-db';

/** Migration 022 on a log with entries: each stays, without a role or address (nobody recorded them then). */

const getDb = useTestDatabase({ migrate: false });

describe('migration 022 (audit trail)', () => {
  it('keeps every entry with a null role and address, and takes only real roles from then on', async () => {
    const db = await getDb();
    await migrateBefore(db, '022');
    await db.batch(
      [
        "INSERT INTO admin_users (id, email, password_hash) VALUES (7, 'owner@nec-cargo.example', 'scrypt$x')",
        `INSERT INTO activity_log (user_id, actor_email, action, subject_type, subject_id, details, created_at)
         VALUES (7, 'owner@nec-cargo.example', 'customer_created', 'customer', 'CUS-1001', 'Customer created', '2025-03-01T10:00:00.000Z')`,
        `INSERT INTO activity_log (user_id, actor_email, action, created_at)
         VALUES (7, 'owner@nec-cargo.example', 'login', '2025-03-01T09:00:00.000Z')`,
      ],
      'write',
    );

    expect((await migrate(db))[0]).toBe('022-audit-trail.sql');
    const { rows } = await db.execute(
      'SELECT action, subject_id, actor_role, actor_address, created_at FROM activity_log ORDER BY id',
    );
    expect(rows.map((row) => ({ ...row }))).toEqual([
      {
        action: 'customer_created',
        subject_id: 'CUS-1001',
        actor_role: null,
        actor_address: null,
        created_at: '2025-03-01T10:00:00.000Z',
      },
      {
        action: 'login',
        subject_id: null,
        actor_role: null,
        actor_address: null,
        created_at: '2025-03-01T09:00:00.000Z',
      },
    ]);
    await db.execute(
      "INSERT INTO activity_log (actor_email, actor_role, actor_address, action) VALUES ('a@b.example', 'viewer', '192.0.2.1', 'login')",
    );
    await expect(
      db.execute("INSERT INTO activity_log (actor_email, actor_role, action) VALUES ('a@b.example', 'owner', 'login')"),
    ).rejects.toThrow(/CHECK constraint failed/);
    const { rows: indexes } = await db.execute(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'activity_log' ORDER BY name",
    );
    expect(indexes.map((row) => row.name)).toEqual(
      expect.arrayContaining([
        'activity_log_action',
        'activity_log_actor',
        'activity_log_shipment',
        'activity_log_subject',
      ]),
    );
  });
});
