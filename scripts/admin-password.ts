import { runCli } from '../db/cli';
import { adminCredentialsProblem, LAST_ADMIN, setAdminPassword } from '../netlify/lib/admin-users';
import { getDb } from '../netlify/lib/db';
import { isRole, ROLES } from '../src/lib/roles';

const USAGE = `Usage: npm run admin:password -- <email> [--role ${ROLES.join('|')}]  (the password is prompted, or read from stdin)`;

/**
 * `npm run admin:password -- <email> [--role <role>]`: asks for the new password twice on a terminal, else
 * reads one line from stdin; a new account is an admin unless `--role` says otherwise.
 */
await runCli(async () => {
  const [given = '', flag, role, ...rest] = process.argv.slice(2);
  const email = given.trim();
  if (!email || rest.length || (flag !== undefined && (flag !== '--role' || !isRole(role)))) return fail(USAGE);

  let password: string;
  if (process.stdin.isTTY) {
    password = await promptHidden(`New password for ${email}: `);
    if ((await promptHidden('Repeat it: ')) !== password) return fail('The passwords do not match');
  } else {
    password = (await readStdin()).split(/\r?\n/)[0] ?? '';
  }
  const problem = adminCredentialsProblem(email, password);
  if (problem) return fail(problem);

  let created: boolean;
  try {
    ({ created } = await setAdminPassword(await getDb(), email, password, isRole(role) ? role : undefined));
  } catch (error) {
    if (error instanceof Error && error.message === LAST_ADMIN) return fail(LAST_ADMIN);
    throw error;
  }
  console.log(
    created
      ? `Created ${isRole(role) ? role : 'admin'} ${email}`
      : `Password of ${email} changed${isRole(role) ? `, role ${role}` : ''}; its sessions have ended`,
  );
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
