import { runCli } from '../db/cli';
import { adminCredentialsProblem, setAdminPassword } from '../netlify/lib/admin-users';
import { getDb } from '../netlify/lib/db';

/** `npm run admin:password -- <email>`: asks for the new password twice on a terminal, else reads one line from stdin. */
await runCli(async () => {
  const email = (process.argv[2] ?? '').trim();
  if (!email || process.argv.length > 3)
    return fail('Usage: npm run admin:password -- <email>  (the password is prompted, or read from stdin)');

  let password: string;
  if (process.stdin.isTTY) {
    password = await promptHidden(`New password for ${email}: `);
    if ((await promptHidden('Repeat it: ')) !== password) return fail('The passwords do not match');
  } else {
    password = (await readStdin()).split(/\r?\n/)[0] ?? '';
  }
  const problem = adminCredentialsProblem(email, password);
  if (problem) return fail(problem);

  const { created } = await setAdminPassword(await getDb(), email, password);
  console.log(created ? `Created admin ${email}` : `Password of ${email} changed; its sessions have ended`);
});

function fail(message: string): void {
  console.error(message);
  process.exitCode = 1;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads a line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  stdout.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let input = '';
    const done = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      stdout.write('\n');
      if (error) reject(error);
      else resolve(input);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003') return done(new Error('Cancelled'));
        if (char === '\u007f' || char === '\b') input = input.slice(0, -1);
        else if (char >= ' ') input += char;
      }
    };
    stdin.on('data', onData);
  });
}
