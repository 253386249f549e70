import { existsSync } from 'node:fs';

/** Local command-line tools read a git-ignored .env if there is one; real environment variables win. */
export function loadDotenv(path = '.env'): void {
  if (!existsSync(path)) return;
  const before = { ...process.env };
  process.loadEnvFile(path);
  Object.assign(process.env, before);
}
