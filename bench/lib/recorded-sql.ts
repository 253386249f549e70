import type { Client, InArgs, InStatement, ResultSet, TransactionMode } from '@libsql/client';

/** One database call as a handler made it: a statement, or a batch with its mode. */
export type RecordedCall = { statement: InStatement } | { batch: InStatement[]; mode: TransactionMode | undefined };

/**
 * The database calls `run` makes through `db`, recorded while it runs: the baseline a handler is
 * compared with is exactly the SQL it issues, so the two stay in step when the handler changes.
 */
export async function recordCalls(db: Client, run: () => Promise<unknown>): Promise<RecordedCall[]> {
  const calls: RecordedCall[] = [];
  const { execute, batch } = db;
  const executeOne: (statement: InStatement) => Promise<ResultSet> = execute;
  // Wrapped for the length of one run, then put back; the overloads make a cast unavoidable here.
  db.execute = ((statement: InStatement | string, args?: InArgs) => {
    const recorded: InStatement = typeof statement === 'string' ? { sql: statement, args: args ?? [] } : statement;
    calls.push({ statement: recorded });
    return executeOne.call(db, recorded);
  }) as Client['execute'];
  db.batch = ((statements: InStatement[], mode?: TransactionMode) => {
    calls.push({ batch: statements, mode });
    return batch.call(db, statements, mode);
  }) as Client['batch'];
  try {
    await run();
  } finally {
    db.execute = execute;
    db.batch = batch;
  }
  return calls;
}

/** Replays recorded calls, in order, on the same client. */
export async function replayCalls(db: Client, calls: RecordedCall[]): Promise<void> {
  for (const call of calls) {
    if ('statement' in call) await db.execute(call.statement);
    else await db.batch(call.batch, call.mode);
  }
}
