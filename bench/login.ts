import { performance } from 'node:perf_hooks';
import type { Client } from '@libsql/client';
import login from '../netlify/functions/auth-login';

/**
 * Sign-in timing: a wrong password for a real account against an unknown email, through the login
 * handler in-process, interleaved so both see the same machine load. Each call is one cold-path
 * check (the throttle's rows are cleared between calls, outside the timing). If the two distributions
 * differ, an attacker can tell which emails are staff accounts.
 */
export interface LoginTiming {
  name: string;
  samples: number[];
}

const request = (email: string) =>
  new Request('http://localhost:8888/api/admin/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-nf-client-connection-ip': '198.51.100.1' },
    body: JSON.stringify({ email, password: 'a wrong password for timing' }),
  });

export async function benchLoginTiming(db: Client, knownEmail: string, rounds: number): Promise<LoginTiming[]> {
  const known: number[] = [];
  const unknown: number[] = [];
  const time = async (email: string, into: number[]) => {
    await db.execute('DELETE FROM login_attempts');
    const start = performance.now();
    const response = await login(request(email), {});
    into.push(performance.now() - start);
    if (response.status !== 401) throw new Error(`expected 401, got ${response.status}`);
  };
  // One of each first, untimed: the first call of a process pays for loading modules.
  await time(knownEmail, []);
  await time('warm-up@nowhere.example', []);
  for (let i = 0; i < rounds; i++) {
    await time(knownEmail, known);
    await time(`nobody-${i}@nowhere.example`, unknown);
  }
  return [
    { name: 'wrong password, real account', samples: known },
    { name: 'unknown email', samples: unknown },
  ];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export function printLoginTiming(rows: LoginTiming[]): void {
  console.table(
    rows.map(({ name, samples }) => {
      const sorted = [...samples].sort((a, b) => a - b);
      const mean = samples.reduce((sum, value) => sum + value, 0) / samples.length;
      return {
        login: name,
        n: samples.length,
        'min ms': sorted[0]!.toFixed(0),
        'p10 ms': percentile(sorted, 10).toFixed(0),
        'p50 ms': percentile(sorted, 50).toFixed(0),
        'p90 ms': percentile(sorted, 90).toFixed(0),
        'max ms': sorted.at(-1)!.toFixed(0),
        'mean ms': mean.toFixed(0),
      };
    }),
  );
  const [a, b] = rows.map(({ samples }) => [...samples].sort((x, y) => x - y));
  const ratio = percentile(b!, 50) / percentile(a!, 50);
  console.log(
    `  median unknown / median wrong password: ${ratio.toFixed(3)} (within 10%: ${Math.abs(ratio - 1) <= 0.1})`,
  );
}
