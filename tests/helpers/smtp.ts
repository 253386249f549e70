import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as it arrived: the SMTP envelope and the parsed email. */
export interface Received {
  to: string[];
  mail: ParsedMail;
  /** The raw header value, as the sender wrote it (parsed headers reshape some). */
  header(name: string): string | undefined;
}

export interface TestSmtp {
  url: string;
  port: number;
  received: Received[];
  /** Answer every message with this SMTP reply code (e.g. 451, 550) until set back to null. */
  failWith(code: number | null): void;
  /** Resolves once `count` messages have arrived in all. */
  waitFor(count: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback (no TLS, no auth) that keeps and parses what it receives. */
export async function startSmtp(port = 0): Promise<TestSmtp> {
  const received: Received[] = [];
  const waiters: Array<{ count: number; resolve: (messages: Received[]) => void }> = [];
  let failure: number | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failure !== null) {
          callback(Object.assign(new Error(`Test server refuses (${failure})`), { responseCode: failure }));
          return;
        }
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (mail) => {
            const headerText = raw
              .toString('utf8')
              .split(/\r?\n\r?\n/)[0]!
              .replace(/\r?\n[ \t]+/g, ' ');
            received.push({
              to: session.envelope.rcptTo.map((address) => address.address),
              mail,
              header: (name) => new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(headerText)?.[1]?.trim() ?? undefined,
            });
            for (const waiter of [...waiters]) {
              if (received.length >= waiter.count) {
                waiters.splice(waiters.indexOf(waiter), 1);
                waiter.resolve(received.slice());
              }
            }
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    received,
    failWith: (code) => {
      failure = code;
    },
    waitFor: (count) =>
      received.length >= count
        ? Promise.resolve(received.slice())
        : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
