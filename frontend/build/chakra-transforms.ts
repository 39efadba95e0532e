/**
 * Build-time edits of Chakra UI's (3.37) styled-system module `dist/esm/styled-system/system.js`,
 * applied by the Vite plugins of vite.config.ts to the browser build. Each edit looks for the lines
 * it changes and throws when one is missing, so that a Chakra upgrade that changed them fails the
 * build (and build/chakra-transforms.test.ts) instead of shipping unedited code.
 */

/** Matches the path of Chakra's `system.js` (the module both edits apply to). */
export const CHAKRA_SYSTEM_FILE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;

/** Throws when `needle` does not occur exactly once in `code`. */
function expectOnce(code: string, needle: string, edit: string): void {
  const count = code.split(needle).length - 1;
  if (count !== 1) {
    throw new Error(`Chakra's system.js changed: ${JSON.stringify(needle)} found ${count} times (expected once); update ${edit} in frontend/build/chakra-transforms.ts`);
  }
}

/**
 * Makes `system._global` lazy.
 *
 * `createSystem()` builds its global styles eagerly: the reset, the global CSS and a CSS variable
 * for every token, passed through the whole style pipeline, which its provider's <Global> then
 * serialises. On a prerendered page that work is wasted, since <head> already holds those styles
 * (the site's provider gives Chakra none to render there: components/ui/provider.tsx), and it was
 * most of the longest task of the boot (77 ms unthrottled in a Lighthouse trace of /, 18-31 ms
 * without; four times that on the phone Lighthouse simulates). After this edit `_global` is a
 * getter that builds them on first read, as the server renderer and the client-only pages need.
 *
 * @param code the source of system.js
 * @returns the edited source
 * @throws Error when the lines it edits are not found once each
 */
export function lazyGlobalStyles(code: string): string {
  const eager = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
  const exported = '    _global,\n';
  expectOnce(code, eager, 'lazyGlobalStyles');
  expectOnce(code, exported, 'lazyGlobalStyles');
  return code
    .replace(eager, 'let _global;')
    .replace(exported, '    get _global() {\n      return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },\n');
}

/**
 * Adds `createSystemInSteps(yieldToBrowser, ...configs)` to the module's exports.
 *
 * `createSystem()` does all its work at once: merging the configs, building the token dictionary
 * (every token through its transforms and middlewares), the utilities and the conditions. On the
 * site's first screen that was the last long task of the boot: about 40 ms in one task in a
 * Lighthouse trace of / on a desktop-class host, which Lighthouse's phone simulation (4x slower
 * CPU) turns into a 160-200 ms task, nearly all of the page's Total Blocking Time.
 * The added function is a copy of `createSystem` made async, which awaits `yieldToBrowser()`
 * after merging the configs, after the token dictionary and after the utilities, so that each of
 * those steps runs in a task of its own. It resolves to the same system. `createSystem` itself is
 * left as it is (the staff system uses it, and the server renderer, which is not edited).
 * components/ui/theme.ts imports it through the `~chakra-system` alias (types:
 * src/types/chakra-system.d.ts).
 *
 * @param code the source of system.js (after {@link lazyGlobalStyles}, so that the copy has the lazy getter too)
 * @returns the edited source
 * @throws Error when the lines it edits are not found once each
 */
export function addCreateSystemInSteps(code: string): string {
  const start = 'function createSystem(...configs) {';
  const end = '\nfunction getTokenMap(';
  const exported = 'export { createSystem, isValidSystem };';
  // Each step ends with one of these statements; a yield follows it.
  const stepEnds = [
    '  const config = mergeConfigs(...configs);',
    '    prefix: cssVarsPrefix\n  });',
    '  const utility = createUtility({\n    config: utilities,\n    tokens\n  });',
  ];
  for (const needle of [start, end, exported]) expectOnce(code, needle, 'addCreateSystemInSteps');
  const from = code.indexOf(start);
  const to = code.indexOf(end);
  if (to < from) throw new Error("Chakra's system.js changed: getTokenMap comes before createSystem; update addCreateSystemInSteps in frontend/build/chakra-transforms.ts");
  const body = code.slice(from, to);
  for (const needle of stepEnds) expectOnce(body, needle, 'addCreateSystemInSteps');
  let stepped = body.replace(start, 'async function createSystemInSteps(yieldToBrowser, ...configs) {');
  for (const needle of stepEnds) stepped = stepped.replace(needle, `${needle}\n  await yieldToBrowser();`);
  return `${code.slice(0, to)}\n${stepped}${code.slice(to).replace(exported, 'export { createSystem, createSystemInSteps, isValidSystem };')}`;
}
