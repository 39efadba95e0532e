// Repository paths and small environment helpers shared by scripts/*.mjs.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DATA_DIR = path.join(ROOT, 'data');

export const rootPath = (...parts) => path.join(ROOT, ...parts);

/**
 * Load ROOT/.env (if present) into process.env without overriding variables that are
 * already set: the real environment always wins over the file.
 * @returns the names of the variables taken from the file.
 */
export function loadDotEnv(file = rootPath('.env')) {
  if (!fs.existsSync(file)) return [];
  const values = parseEnv(fs.readFileSync(file, 'utf8'));
  const taken = [];
  for (const [key, value] of Object.entries(values)) {
    if (process.env[key] === undefined) {
      process.env[key] = value;
      taken.push(key);
    }
  }
  return taken;
}

/** `process.env[name]`, with '' treated as unset (as the app's own config does). */
export function envValue(name) {
  const v = process.env[name];
  return v === undefined || v === '' ? undefined : v;
}

/**
 * require() as seen from a workspace, so that a dependency declared there (e.g. `pg` in
 * backend) resolves whether npm hoisted it to the root or not.
 */
export function requireFrom(workspace, id) {
  return createRequire(rootPath(workspace, 'package.json'))(id);
}
