/**
 * `npm run admin:create -- --email admin@example.com [--password-stdin]`
 *
 * Creates the admin `email` or, when it exists, resets its password and makes it an admin
 * (decisions.md §1). The password is asked twice on the terminal without echo; with
 * `--password-stdin` it is read from standard input (first line), for scripts and tests.
 * Uses DATABASE_URL (and the rest of the environment, see .env.example). Exit codes: 0 done,
 * 64 bad usage or password, 78 bad configuration, 1 other errors.
 */
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { loadEnvOrExit } from '../platform/config/env.js';
import { dataSourceOptions } from '../app/data-source-options.js';
import { AuditLogService, MIN_PASSWORD_LENGTH, StaffUsersService } from '../modules/staff/index.js';

const usage = 'Usage: npm run admin:create -- --email <email> [--password-stdin]';

function fail(message: string, code = 64): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

/** Reads one line from the terminal without echoing it. */
function askHidden(prompt: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _enc, cb) {
      if (!muted) process.stdout.write(chunk);
      cb();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(prompt, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

/** Reads the first line of standard input. */
async function readStdinLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        email: { type: 'string' },
        'password-stdin': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (err) {
    return fail(`${(err as Error).message}\n${usage}`);
  }
})();
if (values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
const email = z.email().safeParse(values.email?.trim());
if (!email.success) fail(`--email must be a valid email address.\n${usage}`);

const env = loadEnvOrExit();
let password: string;
if (values['password-stdin']) {
  password = await readStdinLine();
} else {
  if (!process.stdin.isTTY) fail('No terminal to ask the password on: use --password-stdin.');
  password = await askHidden('Password: ');
  const again = await askHidden('Repeat password: ');
  if (again !== password) fail('The passwords do not match.');
}
if (password.length < MIN_PASSWORD_LENGTH) fail(`The password needs at least ${MIN_PASSWORD_LENGTH} characters.`);

const dataSource = new DataSource(dataSourceOptions(env.DATABASE_URL));
try {
  await dataSource.initialize();
  const outcome = await new StaffUsersService(dataSource, new AuditLogService(dataSource)).upsertAdmin(email.data, password);
  process.stdout.write(
    outcome === 'created' ? `Admin ${email.data} created.\n` : `Password of ${email.data} reset; the account is an admin.\n`,
  );
} catch (err) {
  process.stderr.write(`admin:create failed: ${(err as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await dataSource.destroy().catch(() => undefined);
}
