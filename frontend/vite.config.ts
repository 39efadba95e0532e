/**
 * Vite configuration of the public site and staff client.
 *
 * - `@ironclad/contracts` is aliased to its TypeScript sources so the browser bundle compiles the
 *   shared zod schemas directly (no need to build `packages/contracts` first). An alias is used
 *   instead of adding a global `source` resolve condition because some third-party packages
 *   (e.g. `@pandacss/is-valid-prop`, used by Chakra) publish a `source` condition that points at
 *   files they do not ship.
 * - The same config drives the client build (`vite build`) and the prerender SSR build
 *   (`vite build --ssr src/entry-server.tsx`); see README.md.
 * - In development `/api` and `/socket.io` are proxied to the API on port 3000.
 * - CSP and SRI (README "Security headers and CSP"): `html.cspNonce` stamps CSP_NONCE_PLACEHOLDER
 *   on the entry's `<script>` (and `<meta property="csp-nonce">`), which the api replaces with each
 *   response's nonce; `vite-plugin-sri-gen` puts `integrity` on that script, adds `integrity` to
 *   the Vite manifest (the prerenderer copies it into the page's chunk list, so the modulepreload
 *   links carry it) and writes a `<script type="importmap">` whose `integrity` map covers every
 *   chunk, so lazy `import()`s are checked by the browser too. Its runtime and its preloading of
 *   every lazy chunk are off: the import map does that job without adding to the entry chunk or
 *   fetching pages the visitor may never open.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import sri from 'vite-plugin-sri-gen';
import { CSP_NONCE_PLACEHOLDER } from '../packages/contracts/src/csp';

const contractsSource = fileURLToPath(new URL('../packages/contracts/src/index.ts', import.meta.url));

/**
 * Chakra's theme modules one by one (`~chakra-theme/recipes/tabs` → its `dist/esm/theme/recipes/tabs.js`).
 * The package only exports its theme as one module (`@chakra-ui/react/theme`), which re-exports
 * every recipe: importing the tokens from it puts each recipe used anywhere in the entry chunk.
 * Imported one by one, a recipe lands with the code that registers it (components/ui/recipes.ts).
 * Types: frontend/tsconfig.json maps the same paths to the package's `dist/types/theme`.
 */
const chakraThemeDir = fileURLToPath(new URL('./theme/', import.meta.resolve('@chakra-ui/react')));
/** The chunks of the deferred sections' loaders (their `import()` targets) and of what they load with. */
const DEFERRED_SECTION_CHUNK =
  /(?:^|\/)(?:site-footer|service-page-body|case-studies-portfolio|services-section|home-story-sections|home-closing-sections|comparison-tool|query-provider)-[\w-]+\.js$/;

const apiTarget = process.env.VITE_API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

/** The client bundle as Rollup hands it to the output plugins (file name → chunk or asset). */
type OutputBundle = Record<string, { type: 'chunk'; isEntry: boolean; imports: string[]; dynamicImports: string[] } | { type: 'asset' }>;
/** The bundle being written, kept by {@link keepBundle} for {@link notLoadedYet}. */
let currentBundle: OutputBundle | null = null;

/**
 * Keeps a reference to the bundle before Vite's own output plugins run (they rewrite the
 * dependency-preload lists in `generateBundle`, calling `modulePreload.resolveDependencies`).
 */
const keepBundle = {
  name: 'ironclad:keep-bundle',
  generateBundle: {
    order: 'pre' as const,
    handler(_options: unknown, bundle: unknown) {
      currentBundle = bundle as OutputBundle;
    },
  },
};

/**
 * The chunks certainly in the page when `file`'s code runs: its static imports (all fetched
 * before any of them runs), and what every path that brings `file` in has loaded before it (the
 * intersection over its importers, static or dynamic; nothing for an entry, or on a cycle).
 */
function loadedWith(bundle: OutputBundle, file: string, visiting = new Set<string>()): Set<string> {
  const loaded = new Set<string>();
  const addClosure = (f: string) => {
    if (loaded.has(f)) return;
    loaded.add(f);
    const chunk = bundle[f];
    if (chunk?.type === 'chunk') for (const next of chunk.imports) addClosure(next);
  };
  addClosure(file);
  const chunk = bundle[file];
  if (chunk?.type !== 'chunk' || chunk.isEntry || visiting.has(file)) return loaded;
  visiting.add(file);
  const viaImporters: Set<string>[] = [];
  for (const [name, other] of Object.entries(bundle)) {
    if (other.type !== 'chunk' || (!other.imports.includes(file) && !other.dynamicImports.includes(file))) continue;
    viaImporters.push(loadedWith(bundle, name, visiting));
  }
  visiting.delete(file);
  const [first, ...rest] = viaImporters;
  for (const f of first ?? []) if (rest.every((other) => other.has(f))) loaded.add(f);
  return loaded;
}

/**
 * `deps` less the chunks already in the page when the importing chunk (`hostId`) runs its
 * `import()` ({@link loadedWith}): listing them would only add bytes to the importer, where every
 * list is written out as file names.
 */
function notLoadedYet(deps: string[], hostId: string): string[] {
  if (!currentBundle) return deps;
  const loaded = loadedWith(currentBundle, hostId);
  return deps.filter((dep) => !loaded.has(dep));
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    keepBundle,
    ...(isSsrBuild ? [] : [sri({ algorithm: 'sha256', preloadDynamicChunks: false, runtimePatchDynamicLinks: false })]),
  ],
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  resolve: {
    alias: [
      { find: '@ironclad/contracts', replacement: contractsSource },
      { find: /^~chakra-theme\/(.+)$/, replacement: `${chakraThemeDir}$1.js` },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: false },
    },
  },
  ssr: {
    // Bundle the workspace contracts (TypeScript sources) into the SSR build.
    noExternal: ['@ironclad/contracts'],
  },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, sourcemap: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: true,
        // The prerender script reads the manifest to prove that staff pages stay out of the
        // marketing chunks, then deletes it.
        manifest: true,
        // Dependency-preload lists only for the deferred sections (components/site/deferred-section.tsx):
        // a tap on a section not hydrated yet must not wait for its imports to be discovered one
        // level at a time (five round trips), so its chunk and every chunk it imports are fetched
        // at once; a list leaves out what the importing chunk already loaded ({@link notLoadedYet}).
        // Other lazy imports (pages) carry no list: the prerenderer preloads the first page's
        // chunks itself, and a page opened later brings its imports as it runs.
        modulePreload: {
          polyfill: false,
          resolveDependencies: (filename, deps, { hostId }) => (DEFERRED_SECTION_CHUNK.test(filename) ? notLoadedYet(deps, hostId) : []),
        },
        rollupOptions: {
          treeshake: {
            // zod's schema builders (`z.object(...).optional()` …) only build values: a page that
            // imports a constant from a contracts module must not download that module's unused
            // schemas (and zod with them). No code here calls z.* for a side effect (z.config).
            manualPureFunctions: ['z'],
          },
        },
      },
}));
