import { closeDb } from '../netlify/lib/db';
import { ConfigError } from '../netlify/lib/env';
import { loadDotenv } from '../scripts/lib/load-dotenv';
import { MigrationError } from './migrate';

/** Runs a command-line task: a configuration or migration problem is one line on stderr and exit 1. */
export async function runCli(task: () => Promise<void>): Promise<void> {
  try {
    loadDotenv();
    await task();
  } catch (error) {
    if (error instanceof ConfigError || error instanceof MigrationError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exitCode = 1;
  } finally {
    await closeDb();
  }
}
