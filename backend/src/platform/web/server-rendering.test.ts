/**
 * CaseStudiesPageRenderer and SiteImagePagesRenderer (server-rendering.ts): render with the front
 * end's bundle, once per distinct set of case studies or of active images, and answer null
 * without a bundle (or, for images, without any active image).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CaseStudy } from '@ironclad/contracts';
import { CaseStudiesPageRenderer, SiteImagePagesRenderer } from './server-rendering.js';

const study = (id: number, title: string): CaseStudy => ({
  id,
  title,
  client: null,
  category: 'residential',
  description: 'd',
  challenge: 'c',
  solution: 's',
  results: 'r',
  imageUrl: null,
  images: [],
  projectValue: null,
  completionDate: null,
  tags: [],
  featured: false,
  published: true,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ironclad-ssr-'));
  // A stand-in for frontend/dist-ssr/entry-server.js: counts its renders.
  writeFileSync(
    path.join(dir, 'entry-server.js'),
    'globalThis.__renders = 0;\nglobalThis.__imageRenders = 0;\nexport async function renderCaseStudiesDocument(list) { globalThis.__renders += 1; return `<p>${list.map((c) => c.title).join(",")}</p>`; }\n' +
      'export async function renderSiteImagesDocument(page, images) { globalThis.__imageRenders += 1; return `<p>${page} ${Object.keys(images).join(",")}</p>`; }\n',
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const renders = () => (globalThis as unknown as { __renders: number }).__renders;

it('renders with the current case studies and renders again only when they change', async () => {
  let list = [study(1, 'A'), study(2, 'B')];
  const renderer = new CaseStudiesPageRenderer(dir, async () => list);
  expect(await renderer.render()).toBe('<p>A,B</p>');
  expect(await renderer.render()).toBe('<p>A,B</p>');
  expect(renders()).toBe(1);
  list = [study(1, 'A')];
  expect(await renderer.render()).toBe('<p>A</p>');
  expect(renders()).toBe(2);
});

it('answers null when the front end has no render bundle', async () => {
  const renderer = new CaseStudiesPageRenderer(path.join(dir, 'missing'), async () => []);
  expect(await renderer.render()).toBeNull();
});

it('rejects when reading the case studies fails (the page falls back to its prerendered file)', async () => {
  const renderer = new CaseStudiesPageRenderer(dir, () => Promise.reject(new Error('database down')));
  await expect(renderer.render()).rejects.toThrow('database down');
});

it('renders an image page with the active images, once per distinct set, and answers null while none is active', async () => {
  const renderer = new SiteImagePagesRenderer(dir);
  const imageRenders = () => (globalThis as unknown as { __imageRenders: number }).__imageRenders;
  const hero = { src: '/api/site-images/1/1280-aaaaaaaaaaaaaaaa.webp', srcSet: 's', width: 1344, height: 768 };
  expect(await renderer.render('/', {})).toBeNull();
  const before = imageRenders();
  const [a, b] = await Promise.all([renderer.render('/', { heroHome: hero }), renderer.render('/', { heroHome: hero })]);
  expect(a).toBe('<p>/ heroHome</p>');
  expect(b).toBe(a);
  expect(imageRenders()).toBe(before + 1);
  expect(await renderer.render('/', { heroHome: hero, aboutSection: hero })).toBe('<p>/ heroHome,aboutSection</p>');
  expect(await renderer.render('/shopping', { heroHome: hero })).toBe('<p>/shopping heroHome</p>');
  expect(imageRenders()).toBe(before + 3);
  expect(await new SiteImagePagesRenderer(path.join(dir, 'missing')).render('/', { heroHome: hero })).toBeNull();
});
