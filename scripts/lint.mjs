#!/usr/bin/env node
// `npm run lint`: every static check of the repository, each step run even when an earlier one
// failed, then one line per step and exit 1 when any failed:
//   1. ESLint (eslint.config.js → packages/eslint-config: rules and architecture boundaries);
//   2. Prettier's check of the formatting (.prettierrc.json, .prettierignore);
//   3. `tsc --noEmit` of every workspace (TypeScript 7), front end and browser tests included.
// `npm run format` writes Prettier's formatting.

import { spawn } from 'node:child_process';
import { ROOT } from './lib/paths.mjs';

const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const TYPE_CHECKS = [
  'packages/contracts/tsconfig.check.json',
  'packages/eslint-config/tsconfig.json',
  'backend/tsconfig.json',
  'worker/tsconfig.json',
  'frontend/tsconfig.json',
  'e2e/tsconfig.json',
];
const STEPS = [
  ['eslint', ['eslint', '--max-warnings', '0', '.']],
  ['prettier', ['prettier', '--check', '--log-level', 'warn', '.']],
  ...TYPE_CHECKS.map((p) => [`tsc ${p}`, ['tsc', '-p', p, '--noEmit']]),
];

function run(args) {
  return new Promise((resolve) => {
    const child = spawn(NPX, ['--no-install', ...args], { cwd: ROOT, stdio: 'inherit' });
    child.on('error', () => resolve(127));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const results = [];
for (const [name, args] of STEPS) {
  const started = Date.now();
  console.log(`[lint] ${name}`);
  const code = await run(args);
  results.push({ name, ok: code === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
}
for (const r of results) console.log(`[lint] ${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok);
console.log(failed.length ? `[lint] ${failed.length} of ${results.length} checks failed` : `[lint] all ${results.length} checks passed`);
process.exit(failed.length ? 1 : 0);
