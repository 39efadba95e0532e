/**
 * Build-time edits of two modules of Chakra UI's (3.37) styled system, `system.js` and
 * `token-dictionary.js` (`dist/esm/styled-system/`), applied by a Vite plugin of vite.config.ts
 * ({@link chakraModuleEdits}). Each edit looks for the lines it changes and throws when one is
 * missing, so that a Chakra upgrade that changed them fails the build (and
 * build/chakra-transforms.test.ts) instead of shipping unedited code.
 */

/** Matches the path of Chakra's `system.js`. */
export const CHAKRA_SYSTEM_FILE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
/** Matches the path of Chakra's `token-dictionary.js`. */
export const CHAKRA_TOKEN_DICTIONARY_FILE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]token-dictionary\.js$/;

/**
 * The edited source of the Chakra module at `path` (a module id without its query), or null when
 * this file edits no module there.
 *
 * @throws Error when a line an edit changes is not found once
 */
export function chakraModuleEdits(path: string, code: string): string | null {
  if (CHAKRA_SYSTEM_FILE.test(path)) return addCreateSystemInSteps(lazyGlobalStyles(code));
  if (CHAKRA_TOKEN_DICTIONARY_FILE.test(path)) return addCreateTokenDictionaryInSteps(code);
  return null;
}

/** Throws when `needle` does not occur exactly once in `code`, the source of Chakra's module `file`. */
function expectOnce(code: string, needle: string, edit: string, file = 'system.js'): void {
  const count = code.split(needle).length - 1;
  if (count !== 1) {
    throw new Error(
      `Chakra's ${file} changed: ${JSON.stringify(needle)} found ${count} times (expected once); update ${edit} in frontend/build/chakra-transforms.ts`,
    );
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
 * The statements of a function that runs the generator `steps` to its end and returns its value
 * (what the function returned before it became a generator), doing `atPause` (a statement, such
 * as an await) at each pause; sync when `atPause` is empty.
 */
function runToEnd(steps: string, atPause = ''): string {
  const next = atPause ? `{\n    ${atPause}\n    step = steps.next();\n  }` : 'step = steps.next();';
  return `  const steps = ${steps};\n  let step = steps.next();\n  while (!step.done) ${next}\n  return step.value;`;
}

/**
 * Adds `createSystemInSteps(yieldToBrowser, ...configs)` to the exports of `system.js`.
 *
 * `createSystem()` does all its work at once: merging the configs, building the token dictionary
 * (every token through its transforms and middlewares), the utilities and the conditions. On the
 * site's first screen that was the last long task of the boot: about 40 ms in one task in a
 * Lighthouse trace of / on a desktop-class host, which Lighthouse's phone simulation (4x slower
 * CPU) turns into a 160-200 ms task, nearly all of the page's Total Blocking Time.
 * The body of `createSystem` becomes the generator `createSystemSteps`, which pauses after merging
 * the configs, twice while building the token dictionary ({@link addCreateTokenDictionaryInSteps}),
 * after it and after the utilities. `createSystem` runs it to its end at once, as before (the
 * staff system uses it); `createSystemInSteps` awaits `yieldToBrowser()` before it starts (apart
 * from the evaluation of the modules that import it) and at each pause, so that the work runs in
 * six tasks rather than one, and resolves to the same system. The body is not copied, so the
 * edit adds a few hundred bytes. components/ui/theme.ts imports `createSystemInSteps` through
 * the `~chakra-system` alias (types: src/types/chakra-system.d.ts); the server renderer, which
 * is not edited, uses `createSystem`.
 *
 * @param code the source of system.js (after or before {@link lazyGlobalStyles})
 * @returns the edited source
 * @throws Error when the lines it edits are not found once each
 */
export function addCreateSystemInSteps(code: string): string {
  const start = 'function createSystem(...configs) {';
  const end = '\nfunction getTokenMap(';
  const exported = 'export { createSystem, isValidSystem };';
  const imported = "import { createTokenDictionary } from './token-dictionary.js';";
  const dictionary = '  const tokens = createTokenDictionary({';
  // Each step ends with one of these statements; a pause follows it.
  const stepEnds = [
    '  const config = mergeConfigs(...configs);',
    '    prefix: cssVarsPrefix\n  });',
    '  const utility = createUtility({\n    config: utilities,\n    tokens\n  });',
  ];
  for (const needle of [start, end, exported, imported]) expectOnce(code, needle, 'addCreateSystemInSteps');
  const from = code.indexOf(start);
  const to = code.indexOf(end);
  if (to < from)
    throw new Error(
      "Chakra's system.js changed: getTokenMap comes before createSystem; update addCreateSystemInSteps in frontend/build/chakra-transforms.ts",
    );
  const body = code.slice(from, to);
  for (const needle of [dictionary, ...stepEnds]) expectOnce(body, needle, 'addCreateSystemInSteps');
  let generator = body
    .replace(start, 'function* createSystemSteps(...configs) {')
    .replace(dictionary, '  const tokens = yield* createTokenDictionarySteps({');
  for (const needle of stepEnds) generator = generator.replace(needle, `${needle}\n  yield;`);
  const sync = `function createSystem(...configs) {\n${runToEnd('createSystemSteps(...configs)')}\n}`;
  const stepped = `async function createSystemInSteps(yieldToBrowser, ...configs) {\n  await yieldToBrowser();\n${runToEnd('createSystemSteps(...configs)', 'await yieldToBrowser();')}\n}`;
  return `${code.slice(0, from)}${generator}\n${sync}\n${stepped}${code.slice(to)}`
    .replace(imported, "import { createTokenDictionarySteps } from './token-dictionary.js';")
    .replace(exported, 'export { createSystem, createSystemInSteps, isValidSystem };');
}

/**
 * Turns `createTokenDictionary` of `token-dictionary.js` into the generator
 * `createTokenDictionarySteps`, exported beside it, which pauses after registering the tokens and
 * after the first half of the build (the "pre" middlewares and transforms, the conditional
 * tokens, the references); `createTokenDictionary` runs it to its end at once, as before.
 * `createSystemSteps` ({@link addCreateSystemInSteps}) delegates to it, so that building the
 * dictionary, the costliest step of `createSystem`, takes three tasks in `createSystemInSteps`.
 * The generator runs the steps of `build()` in the same order, in its place (`build()` is left
 * out); the edit fails if `build()` is not exactly those steps.
 *
 * @param code the source of token-dictionary.js
 * @returns the edited source
 * @throws Error when the lines it edits are not found once each
 */
export function addCreateTokenDictionaryInSteps(code: string): string {
  const start = 'function createTokenDictionary(options) {';
  const end = '\nfunction filterDefault(';
  const exported = 'export { createTokenDictionary, tokenCategories };';
  // The steps of build(), in its order; the generator pauses after the references are expanded.
  const buildSteps = [
    'applyMiddlewares("pre")',
    'applyTransforms("pre")',
    'addConditionalTokens()',
    'addReferences()',
    'expandTokenReferences$1()',
    'applyMiddlewares("post")',
    'applyTransforms("post")',
    'setupViews()',
  ];
  const pauseAfter = 'expandTokenReferences$1()';
  const build = ['  function build() {', ...buildSteps.map((call) => `    ${call};`), '  }\n'].join('\n');
  const registration = '  registerTokens();\n  registerTransform(...tokenTransforms);\n  registerMiddleware(...tokenMiddlewares);\n';
  const tail = `${registration}  build();\n  return dictionary;\n}`;
  const steppedTail = `${registration}  yield;\n${buildSteps.map((call) => `  ${call};${call === pauseAfter ? '\n  yield;' : ''}`).join('\n')}\n  return dictionary;\n}`;
  for (const needle of [start, end, exported, build, tail])
    expectOnce(code, needle, 'addCreateTokenDictionaryInSteps', 'token-dictionary.js');
  const from = code.indexOf(start);
  const to = code.indexOf(end);
  const body = code.slice(from, to);
  if (to < from || !body.endsWith(tail)) {
    throw new Error(
      "Chakra's token-dictionary.js changed: createTokenDictionary no longer ends with its build; update addCreateTokenDictionaryInSteps in frontend/build/chakra-transforms.ts",
    );
  }
  // build() itself is no longer called: the generator runs its steps.
  const generator = body.replace(start, 'function* createTokenDictionarySteps(options) {').replace(build, '').replace(tail, steppedTail);
  const sync = `function createTokenDictionary(options) {\n${runToEnd('createTokenDictionarySteps(options)')}\n}`;
  return `${code.slice(0, from)}${generator}\n${sync}${code.slice(to)}`.replace(
    exported,
    'export { createTokenDictionary, createTokenDictionarySteps, tokenCategories };',
  );
}
