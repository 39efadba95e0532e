// Child processes with prefixed output, and their graceful stop.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { spawn } from 'node:child_process';

const COLORS = { api: 36, worker: 35, redis: 31, migrate: 33, build: 34, pglite: 32, start: 1 };
const useColor = () => process.stdout.isTTY && !process.env.NO_COLOR;

/** "[name] " (coloured on a terminal). */
export function prefix(name) {
  const tag = `[${name}]`;
  // worker-2 is coloured as worker
  const color = COLORS[name] ?? COLORS[name.replace(/-\d+$/, '')] ?? 90;
  return useColor() ? `\x1b[${color}m${tag}\x1b[0m ` : `${tag} `;
}

/** A logger that writes `[name] message` lines. */
export function logger(name, out = process.stdout) {
  return (message) => {
    for (const line of String(message).split('\n')) out.write(`${prefix(name)}${line}\n`);
  };
}

function pipeLines(stream, name, out) {
  if (!stream) return;
  const rl = readline.createInterface({ input: stream, crlfDelay: Infinity });
  rl.on('line', (line) => out.write(`${prefix(name)}${line}\n`));
}

/** Absolute path of `command` found on PATH, or null. */
export function findOnPath(command) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, command);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // keep looking
    }
  }
  return null;
}

/**
 * Spawn `command args` with stdout/stderr lines prefixed by `[name]`.
 * The child gets its own process group (detached), so a Ctrl-C in the terminal reaches
 * only the supervising script, which then stops children in order.
 */
export function spawnPrefixed(name, command, args, { env = process.env, cwd, out = process.stdout, detached = true } = {}) {
  const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'], detached });
  pipeLines(child.stdout, name, out);
  pipeLines(child.stderr, name, out);
  child.name = name;
  child.exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => {
      out.write(`${prefix(name)}could not start ${command}: ${error.message}\n`);
      resolve({ code: 127, signal: null, error });
    });
  });
  return child;
}

/** Run to completion with prefixed output; resolves the exit code (signal → 128+n style 1). */
export async function runPrefixed(name, command, args, options = {}) {
  const child = spawnPrefixed(name, command, args, { detached: false, ...options });
  const { code, signal } = await child.exited;
  return code ?? (signal ? 1 : 0);
}

const alive = (child) => child && child.exitCode === null && child.signalCode === null;

/** SIGTERM, wait up to `graceMs`, then SIGKILL. Resolves once the child has exited. */
export async function stopChild(child, { graceMs = 15_000, signal = 'SIGTERM' } = {}) {
  if (!alive(child)) return;
  try {
    child.kill(signal);
  } catch {
    // already gone
  }
  let timer;
  const killed = new Promise((resolve) => {
    timer = setTimeout(() => {
      if (alive(child)) {
        process.stdout.write(`${prefix(child.name ?? 'start')}did not stop within ${graceMs / 1000}s, killing\n`);
        try {
          child.kill('SIGKILL');
        } catch {
          // gone
        }
      }
      resolve();
    }, graceMs);
  });
  await Promise.race([child.exited, killed]);
  clearTimeout(timer);
  await child.exited;
}

/** Last resort on process exit: kill whatever is still running (synchronous). */
export function killAllSync(children) {
  for (const child of children) {
    if (alive(child)) {
      try {
        child.kill('SIGKILL');
      } catch {
        // gone
      }
    }
  }
}
