import { parentPort, workerData } from 'node:worker_threads';

/**
 * One sign-in in its own thread, the way `netlify serve` runs each function call in a fresh worker
 * (its own module state and database connection): imports the login function, says it is ready,
 * and fires when told, so many of them hit the database at once. Started by tests/helpers/parallel-logins.ts.
 */
const { default: login } = await import('../../netlify/functions/auth-login');
const { email, password, address } = workerData as { email: string; password: string; address: string };
parentPort!.postMessage({ ready: true });
parentPort!.once('message', async () => {
  const response = await login(
    new Request('http://localhost:8888/api/admin/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:8888', 'Sec-Fetch-Site': 'same-origin' },
      body: JSON.stringify({ email, password }),
    }),
    { ip: address },
  );
  parentPort!.postMessage({ status: response.status, retryAfter: response.headers.get('retry-after') });
});
