import type { Client } from '@libsql/client';
import tracking from '../netlify/functions/tracking';
import { startHandlerServer } from './lib/http-server';
import { type Measurement, measure } from './lib/measure';

/** The public tracking lookup: the handler in-process, then behind a loopback HTTP server. */
export async function benchTracking(db: Client, seconds: number): Promise<Measurement[]> {
  const numbers = (await db.execute('SELECT tracking_number FROM shipments ORDER BY random() LIMIT 1000')).rows.map(
    (row) => String(row.tracking_number),
  );
  const pick = (i: number) => numbers[i % numbers.length]!;
  // Each lookup from its own address, as many visitors would: one address hits the 60/minute limit.
  const visitor = (i: number) => ({
    'x-nf-client-connection-ip': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
  });

  const inProcess = await measure(
    'tracking lookup (in-process handler)',
    async (i) => {
      const number = pick(i);
      const response = await tracking(new Request(`http://localhost/api/tracking/${number}`, { headers: visitor(i) }), {
        params: { trackingNumber: number },
      });
      if (response.status !== 200) throw new Error(`unexpected ${response.status}`);
      await response.text();
    },
    { seconds },
  );

  const { url, server } = await startHandlerServer([['/api/tracking/:trackingNumber', tracking]]);
  try {
    const overHttp = await measure(
      'tracking lookup (node:http, 8 connections)',
      async (i) => {
        const response = await fetch(`${url}/api/tracking/${pick(i)}`, { headers: visitor(i) });
        if (response.status !== 200) throw new Error(`unexpected ${response.status}`);
        await response.text();
      },
      { seconds, concurrency: 8 },
    );
    return [inProcess, overHttp];
  } finally {
    server.close();
  }
}
