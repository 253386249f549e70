import { performance } from 'node:perf_hooks';

export interface Measurement {
  name: string;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * Runs `task` from `concurrency` loops for about `seconds` (and at most `maxRequests` calls in all),
 * after a short warm-up, and reports throughput and latency percentiles in milliseconds.
 */
export async function measure(
  name: string,
  task: (i: number) => Promise<unknown>,
  { seconds = 3, concurrency = 1, maxRequests = 200_000, warmup = 200 } = {},
): Promise<Measurement> {
  for (let i = 0; i < warmup; i++) await task(i);
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let issued = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline && issued < maxRequests) {
        const i = issued++;
        // Let the event loop turn now and then, untimed, as a server's does between requests: an in-process
        // loop of resolved promises never does, and the native statements libSQL frees in finalizers (which
        // run on a later turn) pile up, some 27 KB a lookup, slowing every later call.
        if (i % 32 === 0) await new Promise(setImmediate);
        const t = performance.now();
        await task(i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

export function printTable(rows: Measurement[]): void {
  console.table(
    rows.map((row) => ({
      benchmark: row.name,
      requests: row.requests,
      'req/s': Math.round(row.perSecond),
      'p50 ms': row.p50.toFixed(3),
      'p99 ms': row.p99.toFixed(3),
    })),
  );
}

/** A figure beside the baseline measured in the same run that it is to be judged against. */
export interface Comparison {
  figure: Measurement;
  baseline: Measurement;
  target: string;
  holds: boolean;
  /** What the figures say beside the verdict, when there is more to say. */
  note?: string;
}

export function printComparisons(rows: Comparison[]): void {
  // A baseline two figures share is printed once.
  printTable([...new Set(rows.flatMap((row) => [row.figure, row.baseline]))]);
  for (const { figure, baseline, target, holds, note } of rows) {
    const ratio = `p50 ${(figure.p50 / baseline.p50).toFixed(2)}x, p99 ${(figure.p99 / baseline.p99).toFixed(2)}x, req/s ${((100 * figure.perSecond) / baseline.perSecond).toFixed(0)}%`;
    const verdict = target.startsWith('informative') ? target : `${target}: ${holds ? 'holds' : 'MISSED'}`;
    console.log(`${figure.name}: ${ratio} of its baseline (${verdict})`);
    if (note) console.log(`  ${note}`);
  }
}
