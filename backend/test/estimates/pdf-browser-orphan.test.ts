/**
 * A worker killed without a shutdown (SIGKILL, out of memory) must not leave its Chromium behind
 * (one browser per worker, closed on shutdown — and gone with a dead worker).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it('Chromium exits when the process that launched it is killed with SIGKILL', async () => {
  const moduleUrl = pathToFileURL(join(here, '..', '..', 'dist', 'modules', 'estimates', 'pdf', 'pdf-browser.service.js')).href;
  const child = spawn(process.execPath, [join(here, '..', 'support', 'hold-chromium.mjs'), moduleUrl], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d: string) => (out += d));
  const deadline = Date.now() + 30_000;
  while (!out.includes('\n') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const chromiumPid = Number(out.trim());
  expect(chromiumPid).toBeGreaterThan(0);
  expect(alive(chromiumPid)).toBe(true);

  child.kill('SIGKILL');
  await once(child, 'exit');
  const gone = Date.now() + 10_000;
  while (alive(chromiumPid) && Date.now() < gone) await new Promise((r) => setTimeout(r, 100));
  const stillAlive = alive(chromiumPid);
  if (stillAlive) process.kill(chromiumPid, 'SIGKILL'); // leave no orphan behind when this fails
  expect(stillAlive).toBe(false);
}, 60_000);
