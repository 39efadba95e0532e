/**
 * What patches/@chakra-ui+react+3.37.0.patch adds to the installed Chakra, and theme.ts relies on:
 * `createSystemInSteps` builds, in six tasks, the same system `createSystem` builds at once, and
 * the system's global styles are built on first read. Fails when the patch was not applied.
 */
import { beforeAll, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';

const chakraEsm = new URL('../../../../node_modules/@chakra-ui/react/dist/esm/', import.meta.url);

type System = {
  _global: unknown[];
  tokens: { allTokens: unknown[] };
  css: (style: Record<string, unknown>) => unknown;
  getTokenCss: () => unknown;
  token: (path: string) => string | undefined;
  isValidProperty: (prop: string) => boolean;
  getRecipeFn: (key: string) => (props: Record<string, unknown>) => unknown;
};
let chakra: {
  createSystem: (...configs: unknown[]) => System;
  createSystemInSteps?: (yieldToBrowser: () => Promise<void>, ...configs: unknown[]) => Promise<System>;
};
let defaultConfig: unknown;

beforeAll(async () => {
  chakra = await import(fileURLToPath(new URL('styled-system/system.js', chakraEsm)));
  ({ defaultConfig } = await import(fileURLToPath(new URL('preset.js', chakraEsm))));
});

it('builds, in six tasks, the same system createSystem builds at once', async () => {
  expect(typeof chakra.createSystemInSteps).toBe('function'); // otherwise `npm ci` did not run patch-package
  const tasks: string[] = [];
  let step = 0;
  const yieldToBrowser = () =>
    new Promise<void>((resolve) =>
      setTimeout(() => {
        tasks.push(`step ${(step += 1)}`);
        resolve();
      }, 0),
    );
  const pending = chakra.createSystemInSteps!(yieldToBrowser, defaultConfig);
  setTimeout(() => tasks.push('another task'), 0); // queued while the first step's yield is pending
  const stepped = await pending;
  expect(tasks).toEqual(['step 1', 'another task', 'step 2', 'step 3', 'step 4', 'step 5', 'step 6']);

  const atOnce = chakra.createSystem(defaultConfig);
  expect(stepped.tokens.allTokens).toEqual(atOnce.tokens.allTokens);
  expect(stepped.token('colors.red.500')).toBe(atOnce.token('colors.red.500'));
  const style = { color: 'fg.muted', bg: { base: 'red.500', md: 'blue.200/40' }, px: 4, _hover: { textStyle: 'sm' } };
  expect(stepped.css(style)).toEqual(atOnce.css(style));
  expect(stepped.getRecipeFn('button')({ size: 'sm', variant: 'outline' })).toEqual(
    atOnce.getRecipeFn('button')({ size: 'sm', variant: 'outline' }),
  );
  expect(stepped.getTokenCss()).toEqual(atOnce.getTokenCss());
  expect(stepped._global).toEqual(atOnce._global);
  expect(stepped.isValidProperty('paddingInline')).toBe(true);
});

it('builds the global styles on first read only, once', () => {
  const system = chakra.createSystem(defaultConfig);
  expect(typeof Object.getOwnPropertyDescriptor(system, '_global')?.get).toBe('function');
  const globals = system._global;
  expect(globals).toHaveLength(3); // reset, global CSS, token variables
  expect(globals[2]).toEqual(system.getTokenCss());
  expect(system._global).toBe(globals);
});
