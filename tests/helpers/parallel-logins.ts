import { Worker } from 'node:worker_threads';

export interface LoginAnswer {
  status: number;
  retryAfter: string | null;
}

/**
 * Signs in once per attempt, each in its own worker thread (a separate "function instance" with its
 * own connection to DATABASE_URL), all released at the same moment once every worker is loaded.
 */
export async function loginsInParallelWorkers(
  attempts: Array<{ email: string; password: string; address: string }>,
): Promise<LoginAnswer[]> {
  const workers = attempts.map(
    (attempt) =>
      new Worker(new URL('./login-worker.ts', import.meta.url), {
        workerData: attempt,
        execArgv: ['--import', 'tsx'],
        env: { ...process.env },
      }),
  );
  try {
    const message = (worker: Worker) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
    await Promise.all(workers.map(message));
    const answers = workers.map(message);
    for (const worker of workers) worker.postMessage('go');
    return (await Promise.all(answers)) as unknown as LoginAnswer[];
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
