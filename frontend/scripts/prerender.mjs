#!/usr/bin/env node
/**
 * Build step 3 of 3 (see README.md "Prerendering"):
 *   1. `vite build`                                  → dist/ (client assets, dist/index.html template)
 *   2. `vite build --ssr src/entry-server.tsx`       → dist-ssr/entry-server.js
 *   3. `node scripts/prerender.mjs` (this script)    → one HTML file per public route, 404.html, app.html
 *
 * It also proves that staff pages are not in the marketing chunks (from Vite's manifest) and
 * writes dist/route-manifest.json, which tells the server which paths are prerendered and which
 * are client-only.
 */
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const frontendDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(frontendDir, 'dist');
const ssrEntry = join(frontendDir, 'dist-ssr', 'entry-server.js');
const ssrTemplatesDir = join(frontendDir, 'dist-ssr', 'templates');
const viteManifestPath = join(distDir, '.vite', 'manifest.json');

const PLACEHOLDERS = { head: '<!--app-head-->', html: '<!--app-html-->', data: '<!--app-data-->' };

/** Fails the build with a message. */
function fail(message) {
  console.error(`prerender: ${message}`);
  process.exit(1);
}

/** Fills the template's placeholders. */
function fillTemplate(template, { head, html, data }) {
  return template
    .replace(PLACEHOLDERS.head, () => head)
    .replace(PLACEHOLDERS.html, () => html)
    .replace(PLACEHOLDERS.data, () => data);
}

/** Static-import closure of a manifest key. */
function closure(manifest, key, into = new Set()) {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const dep of manifest[key].imports ?? []) closure(manifest, dep, into);
  return into;
}

/** Gzipped size in bytes of the files of a set of manifest keys. */
async function gzipSize(manifest, keys) {
  let gz = 0;
  for (const key of keys) gz += gzipSync(await readFile(join(distDir, manifest[key].file))).length;
  return gz;
}

/** Escapes text for SVG. */
const escapeXml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Splits `text` into lines of at most `max` characters, at spaces. */
function wrapWords(text, max) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Draws each page's Open Graph card (1200×630 PNG, what link previews show): the site name, the
 * page's name and its illustration on the brand colour, written to dist/og/.
 */
async function writeOgCards(pages, siteName) {
  const { default: sharp } = await import('sharp');
  for (const page of pages) {
    const illustration = await readFile(join(frontendDir, 'public', page.illustration));
    const art = await sharp(illustration, { density: 144 }).resize(420, 420, { fit: 'contain', background: '#00000000' }).png().toBuffer();
    const title = wrapWords(page.name, 18).slice(0, 5);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
      <rect width="1200" height="630" fill="#1e3a8a"/>
      <rect y="590" width="1200" height="40" fill="#f59e0b"/>
      <text x="64" y="110" font-family="DejaVu Sans, sans-serif" font-size="34" font-weight="bold" fill="#bfdbfe">${escapeXml(siteName)}</text>
      ${title
        .map(
          (l, i) =>
            `<text x="64" y="${210 + i * 64}" font-family="DejaVu Sans, sans-serif" font-size="50" font-weight="bold" fill="#ffffff">${escapeXml(l)}</text>`,
        )
        .join('')}
    </svg>`;
    const out = join(distDir, page.file);
    await mkdir(dirname(out), { recursive: true });
    await sharp(Buffer.from(svg))
      .composite([{ input: art, left: 730, top: 105 }])
      .png({ compressionLevel: 9 })
      .toFile(out);
  }
  console.log(`prerender: ${pages.length} Open Graph cards → dist/og/`);
}

/** Key of the client-only shell's preload list. */
const APP_SHELL_KEY = 'app.html';

/**
 * The chunks the page needs to hydrate, as data for the entry (src/entry-client.tsx), which turns
 * them into `<link rel="modulepreload">` once the page has painted: on a slow connection the
 * document and the hero image get the bandwidth first, then every chunk downloads in parallel.
 * Each is `{href, integrity}`: the SRI hash vite-plugin-sri-gen wrote into the Vite manifest,
 * which the link carries. (Id: APP_CHUNKS_SCRIPT_ID of src/entry-client.tsx.)
 */
const appChunksTagOf = (chunks = []) => `<script type="application/json" id="app-chunks">${JSON.stringify(chunks)}</script>`;

/** The preload entry of a manifest key: its URL and SRI hash (the build fails without one). */
function chunkOf(manifest, key) {
  const { file, integrity } = manifest[key];
  if (typeof integrity !== 'string' || !integrity.startsWith('sha'))
    fail(`${file} has no integrity in the Vite manifest (vite-plugin-sri-gen)`);
  return { href: `/${file}`, integrity };
}

/** Types of `<script>` that are data, not code: the CSP does not apply to them. */
const DATA_SCRIPT_TYPES = new Set(['application/json', 'application/ld+json']);

/**
 * Gives the import map (vite-plugin-sri-gen writes it after Vite stamped its nonces) the nonce
 * placeholder, and fails the build when any script of the page could not run under the CSP: a
 * `<script>` other than JSON data without the placeholder nonce, or a module script without
 * `integrity`. The api replaces the placeholder with each response's nonce.
 */
function withCspNonces(html, nonce, name) {
  const page = html.replace(/<script type="importmap">/g, `<script type="importmap" nonce="${nonce}">`);
  for (const [tag] of page.matchAll(/<script\b[^>]*>/g)) {
    const type = /\btype="([^"]*)"/.exec(tag)?.[1];
    if (type && DATA_SCRIPT_TYPES.has(type)) continue;
    if (!tag.includes(`nonce="${nonce}"`)) fail(`${name}: ${tag} has no CSP nonce`);
    if (/\bsrc=/.test(tag) && !/\bintegrity="sha/.test(tag)) fail(`${name}: ${tag} has no integrity`);
  }
  if (!/<script type="importmap" nonce="[^"]+">\{"integrity"/.test(page)) fail(`${name}: no import map with the chunks' integrity`);
  return page;
}

/** Manifest key of the page module of a public route, by the naming convention of src/pages/site/. */
const pageKeyOf = (path) => `src/pages/site/${path === '/' ? 'home' : path.slice(1)}-page.tsx`;

/**
 * Checks that no staff page module is reachable through static imports from the client entry
 * or from a public page's chunk, prints the JavaScript each prerendered route loads before
 * interaction (entry + the page chunk and their static imports), and returns, per route path,
 * the chunks to preload: the entry's imports and the page's (so the browser
 * fetches them all in parallel, after the first paint, instead of discovering them import by import).
 */
async function checkMarketingChunks(paths) {
  const manifest = JSON.parse(await readFile(viteManifestPath, 'utf8'));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) fail('no entry in the Vite manifest');
  // The entry only waits for the first paint and imports app/boot.tsx: what hydration needs is
  // the entry with the static closure of what it imports dynamically.
  const entryKeys = closure(manifest, entryKey);
  for (const dynamicKey of manifest[entryKey].dynamicImports ?? []) closure(manifest, dynamicKey, entryKeys);
  const staffChunks = Object.keys(manifest).filter((k) => k.includes('src/pages/admin/'));
  for (const k of staffChunks) if (!manifest[k].isDynamicEntry) fail(`${k} is not a lazy (dynamic) chunk`);
  const entryGz = await gzipSize(manifest, entryKeys);
  const preloads = {};
  for (const path of paths) {
    const keys = new Set(entryKeys);
    const pageKey = pageKeyOf(path);
    if (manifest[pageKey]) closure(manifest, pageKey, keys);
    const leaked = [...keys].filter((k) => k.includes('src/pages/admin/'));
    if (leaked.length) fail(`staff modules are statically imported by the marketing bundle of ${path}: ${leaked.join(', ')}`);
    // Every chunk the page needs before it hydrates, the entry's own imports included (Vite's
    // modulePreload is off, see vite.config.ts), minus the entry, which the page loads itself.
    preloads[path] = [...keys].filter((k) => k !== entryKey).map((k) => chunkOf(manifest, k));
    console.log(
      `prerender: JS before interaction on ${path}: ${((await gzipSize(manifest, keys)) / 1024).toFixed(1)} KiB gzip (entry ${(entryGz / 1024).toFixed(1)} KiB + page)`,
    );
  }
  console.log(`prerender: ${staffChunks.length} staff page chunk(s) lazy-loaded, none in a marketing route's chunks`);
  // The client-only shell (staff pages) preloads the entry's imports.
  preloads[APP_SHELL_KEY] = [...entryKeys].filter((k) => k !== entryKey).map((k) => chunkOf(manifest, k));
  return preloads;
}

async function main() {
  await stat(ssrEntry).catch(() => fail(`${ssrEntry} is missing: run "vite build --ssr src/entry-server.tsx" first`));
  const built = await readFile(join(distDir, 'index.html'), 'utf8');
  for (const p of Object.values(PLACEHOLDERS)) if (!built.includes(p)) fail(`dist/index.html has no ${p} placeholder`);

  /** @type {import('../src/entry-server').RenderedPage} */
  const server = await import(pathToFileURL(ssrEntry).href);
  // Every page, server-rendered ones included, comes from this template: its scripts carry the nonce placeholder.
  const template = withCspNonces(built, server.CSP_NONCE_PLACEHOLDER, 'dist/index.html');

  const preloads = await checkMarketingChunks(server.PUBLIC_PATHS);

  // The client-only shell (staff routes): empty #root, rendered by the browser.
  // Every page leaves the marker where the server embeds the current public config (see
  // backend/src/platform/web/serve-frontend.ts).
  const data = server.PUBLIC_CONFIG_MARKER;
  const nonce = server.CSP_NONCE_PLACEHOLDER;
  await writeFile(
    join(distDir, 'app.html'),
    withCspNonces(
      fillTemplate(template, {
        head: `${server.headTags(server.APP_SHELL)}\n    ${appChunksTagOf(preloads[APP_SHELL_KEY])}`,
        html: '',
        data,
      }),
      nonce,
      'app.html',
    ),
  );

  const titles = new Map();
  const written = {};
  for (const target of server.PRERENDER_TARGETS) {
    const page = await server.renderPage(target.path);
    if (titles.has(page.meta.title)) fail(`"${page.meta.title}" is the title of both ${titles.get(page.meta.title)} and ${target.path}`);
    titles.set(page.meta.title, target.path);
    const out = join(distDir, target.file);
    await mkdir(dirname(out), { recursive: true });
    // (The 404 page renders no lazy page: the entry's imports only, like the shell.)
    const preloadTags = appChunksTagOf(preloads[target.path] ?? preloads[APP_SHELL_KEY]);
    // `<html data-prerendered>`: the browser keeps this page's <head> as written (app/document-meta.tsx).
    const prerendered = template.replace('<html lang="en">', '<html lang="en" data-prerendered="">');
    if (prerendered === template) fail('dist/index.html has no <html lang="en"> to mark as prerendered');
    await writeFile(
      out,
      withCspNonces(
        fillTemplate(prerendered, { head: `${page.head}${preloadTags ? `\n    ${preloadTags}` : ''}`, html: page.html, data }),
        nonce,
        target.file,
      ),
    );
    // A page the api renders per request with current data gets its template too (entry-server.tsx
    // SERVER_RENDERED_PAGES); the prerendered page above stays its fallback.
    // So does a page that shows generated site images (SITE_IMAGE_PAGES), rendered while any is active.
    const serverRendered = [...server.SERVER_RENDERED_PAGES, ...server.SITE_IMAGE_PAGES].find((p) => p.path === target.path);
    if (serverRendered) {
      const templateFile = join(ssrTemplatesDir, serverRendered.template);
      await mkdir(ssrTemplatesDir, { recursive: true });
      await writeFile(
        templateFile,
        fillTemplate(prerendered, {
          head: `${server.SSR_HEAD}${preloadTags ? `\n    ${preloadTags}` : ''}`,
          html: server.SSR_HTML,
          data: `${data}\n    ${server.SSR_DATA}`,
        }),
      );
      console.log(
        `prerender: ${target.path} → dist-ssr/templates/${serverRendered.template} (rendered by the api with current data or images)`,
      );
    }
    if (target.file !== '404.html') written[target.path] = target.file;
    console.log(`prerender: ${target.path === '/__prerender-404__' ? '(404)' : target.path} → dist/${target.file}`);
  }

  await writeOgCards(server.OG_PAGES, server.SITE_NAME_TEXT);

  // Search engines: every indexable public page in the sitemap (not the noindex payment status
  // pages); staff pages disallowed.
  const sitemap =
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    server.SITEMAP_PATHS.map((p) => `  <url><loc>${server.ORIGIN}${p}</loc></url>\n`).join('') +
    '</urlset>\n';
  await writeFile(join(distDir, 'sitemap.xml'), sitemap);
  const robots = [
    'User-agent: *',
    'Allow: /',
    ...server.CLIENT_ONLY_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${server.ORIGIN}/sitemap.xml`,
    '',
  ].join('\n');
  await writeFile(join(distDir, 'robots.txt'), robots);
  console.log(
    `prerender: sitemap.xml (${server.SITEMAP_PATHS.length} URLs) and robots.txt (${server.CLIENT_ONLY_PATHS.length} client-only paths disallowed)`,
  );

  await writeFile(
    join(distDir, 'route-manifest.json'),
    `${JSON.stringify(
      {
        description: 'How to serve this directory: see frontend/README.md "Serving dist/".',
        prerendered: written,
        clientOnly: server.CLIENT_ONLY_PATHS,
        payment: server.PAYMENT_PATHS,
        siteImages: server.SITE_IMAGE_PAGES.map((p) => p.path),
        appShell: 'app.html',
        notFound: '404.html',
      },
      null,
      2,
    )}\n`,
  );
  // The Vite manifest was only needed for the check above; do not publish it.
  await rm(join(distDir, '.vite'), { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
