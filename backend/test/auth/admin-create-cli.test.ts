/**
 * `npm run admin:create -- --email …` (decisions.md §1): the compiled CLI
 * (`backend/dist/cli/admin-create.js`) run on a real pseudo-terminal (util-linux `script`), so
 * the no-echo password prompt is what a person sees: the typed password never reaches the
 * screen, is asked twice, and the admin is created with an Argon2id hash; a mismatch or a short
 * password creates nothing; an existing user is reset and made an admin (`--password-stdin` for
 * scripts); without a terminal the CLI refuses to read a password it would echo.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { verifyPassword } from '../../src/modules/staff/password.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/cli/admin-create.js');
let db: TestDatabase;
let client: pg.Client;

beforeAll(async () => {
  db = await createTestDatabase();
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await db?.drop();
});

const env = () => ({ ...process.env, NODE_ENV: 'development', DATABASE_URL: db.url, LOG_LEVEL: 'silent' });
const userRow = async (email: string) =>
  (await client.query<{ password_hash: string; is_admin: boolean }>(`SELECT password_hash, is_admin FROM users WHERE email = $1`, [email]))
    .rows[0];

/**
 * Runs the CLI on a pseudo-terminal and types each of `answers` (then Enter) once the screen
 * shows the matching prompt. Answers the exit code and everything the terminal displayed.
 */
function runOnTerminal(args: string[], answers: { after: string; type: string }[]): Promise<{ code: number | null; screen: string }> {
  const command = [process.execPath, cli, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], { env: env(), stdio: ['pipe', 'pipe', 'pipe'] });
  let screen = '';
  let next = 0;
  const onOutput = (chunk: Buffer) => {
    screen += chunk.toString('utf8');
    // An answer waits for its prompt's n-th appearance when the same prompt was answered n-1 times before.
    while (
      next < answers.length &&
      countOf(screen, answers[next]!.after) >= answers.slice(0, next + 1).filter((a) => a.after === answers[next]!.after).length
    ) {
      child.stdin.write(`${answers[next]!.type}\r`);
      next += 1;
    }
  };
  child.stdout.on('data', onOutput);
  child.stderr.on('data', onOutput);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`admin:create did not finish; screen so far: ${JSON.stringify(screen)}`));
    }, 30_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, screen });
    });
  });
}

const countOf = (text: string, needle: string) => text.split(needle).length - 1;

it('util-linux `script` is available to give the CLI a terminal', () => {
  expect(spawnSync('script', ['--version'], { encoding: 'utf8' }).status).toBe(0);
});

it('asks for the password twice without echo and creates the admin with an Argon2id hash', async () => {
  const password = 'typed secret horse 42';
  const { code, screen } = await runOnTerminal(
    ['--email', 'Terminal.Admin@ironclad.test'],
    [
      { after: 'Password: ', type: password },
      { after: 'Repeat password: ', type: password },
    ],
  );
  expect(code).toBe(0);
  expect(screen).toContain('Password: ');
  expect(screen).toContain('Repeat password: ');
  expect(screen).toContain('Admin Terminal.Admin@ironclad.test created.');
  expect(screen).not.toContain(password);
  expect(screen).not.toContain('typed');
  const row = await userRow('terminal.admin@ironclad.test');
  expect(row).toMatchObject({ is_admin: true });
  expect(row!.password_hash).toMatch(/^\$argon2id\$/);
  expect(await verifyPassword(row!.password_hash, password)).toBe(true);
});

it('creates nothing when the two entries differ or the password is too short', async () => {
  const mismatch = await runOnTerminal(
    ['--email', 'mismatch@ironclad.test'],
    [
      { after: 'Password: ', type: 'first entry 123456' },
      { after: 'Repeat password: ', type: 'other entry 123456' },
    ],
  );
  expect(mismatch.code).toBe(64);
  expect(mismatch.screen).toContain('The passwords do not match.');
  expect(mismatch.screen).not.toContain('first entry');
  const short = await runOnTerminal(
    ['--email', 'short@ironclad.test'],
    [
      { after: 'Password: ', type: 'short' },
      { after: 'Repeat password: ', type: 'short' },
    ],
  );
  expect(short.code).toBe(64);
  expect(short.screen).toContain('The password needs at least 12 characters.');
  expect(await userRow('mismatch@ironclad.test')).toBeUndefined();
  expect(await userRow('short@ironclad.test')).toBeUndefined();
});

it('resets an existing user and makes it an admin (--password-stdin for scripts)', async () => {
  await client.query(`INSERT INTO users (id, email, is_admin, password_hash) VALUES ('u-reset', 'reset.me@ironclad.test', false, NULL)`);
  const out = spawnSync(process.execPath, [cli, '--email', 'reset.me@ironclad.test', '--password-stdin'], {
    input: 'piped password 12345\n',
    env: env(),
    encoding: 'utf8',
  });
  expect(out.status).toBe(0);
  expect(out.stdout).toContain('Password of reset.me@ironclad.test reset; the account is an admin.');
  const row = await userRow('reset.me@ironclad.test');
  expect(row!.is_admin).toBe(true);
  expect(await verifyPassword(row!.password_hash, 'piped password 12345')).toBe(true);
});

it('refuses to prompt without a terminal, and refuses a bad email', () => {
  const noTty = spawnSync(process.execPath, [cli, '--email', 'pipe@ironclad.test'], {
    input: 'would be echoed 123\n',
    env: env(),
    encoding: 'utf8',
  });
  expect(noTty.status).toBe(64);
  expect(noTty.stderr).toContain('use --password-stdin');
  const badEmail = spawnSync(process.execPath, [cli, '--email', 'not-an-email', '--password-stdin'], {
    input: 'whatever password 1\n',
    env: env(),
    encoding: 'utf8',
  });
  expect(badEmail.status).toBe(64);
  expect(badEmail.stderr).toContain('--email must be a valid email address.');
});
