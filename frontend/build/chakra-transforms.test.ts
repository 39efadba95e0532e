/**
 * The build-time edits of Chakra's system.js and token-dictionary.js (chakra-transforms.ts),
 * applied to the installed Chakra and run: `createSystemInSteps` builds, in six tasks, the same
 * system `createSystem` builds at once, and `_global` is built on first read. The edited modules
 * are written beside the originals (their imports are relative) under names of their own, and
 * deleted afterwards.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  addCreateSystemInSteps,
  addCreateTokenDictionaryInSteps,
  CHAKRA_SYSTEM_FILE,
  CHAKRA_TOKEN_DICTIONARY_FILE,
  chakraModuleEdits,
  lazyGlobalStyles,
} from './chakra-transforms';

const chakraEsm = fileURLToPath(new URL('../../node_modules/@chakra-ui/react/dist/esm/', import.meta.url));
const systemFile = join(chakraEsm, 'styled-system', 'system.js');
const dictionaryFile = join(chakraEsm, 'styled-system', 'token-dictionary.js');
const suffix = `edited-${process.pid}-${randomBytes(4).toString('hex')}`;
const editedSystemFile = join(dirname(systemFile), `system.${suffix}.js`);
const editedDictionaryFile = join(dirname(systemFile), `token-dictionary.${suffix}.js`);

type System = {
  _global: unknown[];
  tokens: { allTokens: unknown[] };
  css: (style: Record<string, unknown>) => unknown;
  getTokenCss: () => unknown;
  token: (path: string) => string | undefined;
  isValidProperty: (prop: string) => boolean;
  getRecipeFn: (key: string) => (props: Record<string, unknown>) => unknown;
};
let edited: {
  createSystem: (...configs: unknown[]) => System;
  createSystemInSteps: (yieldToBrowser: () => Promise<void>, ...configs: unknown[]) => Promise<System>;
};
let original: { createSystem: (...configs: unknown[]) => System };
let defaultConfig: unknown;

beforeAll(async () => {
  writeFileSync(editedDictionaryFile, chakraModuleEdits(dictionaryFile, readFileSync(dictionaryFile, 'utf8')) ?? '');
  const system = chakraModuleEdits(systemFile, readFileSync(systemFile, 'utf8')) ?? '';
  writeFileSync(editedSystemFile, system.replace("from './token-dictionary.js';", `from './token-dictionary.${suffix}.js';`));
  edited = await import(editedSystemFile);
  original = await import(systemFile);
  ({ defaultConfig } = await import(join(chakraEsm, 'preset.js')));
});
afterAll(() => {
  rmSync(editedSystemFile, { force: true });
  rmSync(editedDictionaryFile, { force: true });
});

it("edits Chakra's system.js and token-dictionary.js and no other module", () => {
  expect(CHAKRA_SYSTEM_FILE.test(systemFile)).toBe(true);
  expect(CHAKRA_TOKEN_DICTIONARY_FILE.test(dictionaryFile)).toBe(true);
  expect(CHAKRA_SYSTEM_FILE.test(dictionaryFile)).toBe(false);
  const css = join(chakraEsm, 'styled-system', 'css.js');
  expect(chakraModuleEdits(css, readFileSync(css, 'utf8'))).toBeNull();
});

it('builds, in six tasks, the same system createSystem builds at once', async () => {
  const tasks: string[] = [];
  let step = 0;
  const yieldToBrowser = () =>
    new Promise<void>((resolve) =>
      setTimeout(() => {
        tasks.push(`step ${(step += 1)}`);
        resolve();
      }, 0),
    );
  const pending = edited.createSystemInSteps(yieldToBrowser, defaultConfig);
  setTimeout(() => tasks.push('another task'), 0); // queued while the first step's yield is pending
  const stepped = await pending;
  expect(tasks).toEqual(['step 1', 'another task', 'step 2', 'step 3', 'step 4', 'step 5', 'step 6']);

  // The same as the unedited createSystem builds, and as the edited one (which runs the steps at once).
  for (const atOnce of [original.createSystem(defaultConfig), edited.createSystem(defaultConfig)]) {
    expect(stepped.tokens.allTokens).toEqual(atOnce.tokens.allTokens);
    expect(stepped.token('colors.red.500')).toBe(atOnce.token('colors.red.500'));
    const style = { color: 'fg.muted', bg: { base: 'red.500', md: 'blue.200/40' }, px: 4, _hover: { textStyle: 'sm' } };
    expect(stepped.css(style)).toEqual(atOnce.css(style));
    expect(stepped.getRecipeFn('button')({ size: 'sm', variant: 'outline' })).toEqual(
      atOnce.getRecipeFn('button')({ size: 'sm', variant: 'outline' }),
    );
    expect(stepped.getTokenCss()).toEqual(atOnce.getTokenCss());
  }
  expect(stepped.isValidProperty('paddingInline')).toBe(true);
});

it('builds the global styles on first read only', () => {
  const system = edited.createSystem(defaultConfig);
  const descriptor = Object.getOwnPropertyDescriptor(system, '_global');
  expect(typeof descriptor?.get).toBe('function');
  const globals = system._global;
  expect(globals).toHaveLength(3); // reset, global CSS, token variables
  expect(globals[2]).toEqual(system.getTokenCss());
  expect(system._global).toBe(globals); // built once
});

it('fails, naming the edit to update, when a line it edits is not in the module', () => {
  const source = readFileSync(systemFile, 'utf8');
  expect(() => lazyGlobalStyles(source.replace('const _global = [', 'const _globals = ['))).toThrow(/lazyGlobalStyles/);
  expect(() =>
    addCreateSystemInSteps(source.replace('const config = mergeConfigs(...configs);', 'const config = merge(...configs);')),
  ).toThrow(/addCreateSystemInSteps/);
  expect(() => addCreateSystemInSteps(source.replace('export { createSystem, isValidSystem };', 'export { createSystem };'))).toThrow(
    /addCreateSystemInSteps/,
  );
  const dictionary = readFileSync(dictionaryFile, 'utf8');
  // A build step added, or the build moved: the stepped copy would no longer do what build() does.
  expect(() =>
    addCreateTokenDictionaryInSteps(dictionary.replace('    addReferences();\n', '    addReferences();\n    addAliases();\n')),
  ).toThrow(/addCreateTokenDictionaryInSteps/);
  expect(() =>
    addCreateTokenDictionaryInSteps(dictionary.replace('  build();\n  return dictionary;', '  build();\n  seal();\n  return dictionary;')),
  ).toThrow(/addCreateTokenDictionaryInSteps/);
});
