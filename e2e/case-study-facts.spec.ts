/**
 * One set of case-study facts: every camera count and recorder size stated for a project, on the
 * home page, on /case-studies and in the seeded data the api serves, is one of that project's
 * figures in CASE_STUDY_FACTS (contracts), the camera total is stated, and the home page's two
 * projects state the same figures as their /case-studies cards. (The PDF estimate's camera line
 * reads "4K IP cameras" like the site: worker/test/estimate-pdf.test.ts.)
 */
import { CASE_STUDY_FACTS, type CaseStudyFacts } from '@ironclad/contracts';
import { expect, test, type Locator } from './support/test';
import { gotoHydrated, scrollIntoHydratedView } from './support/goto';

const WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fourteen: 14,
  sixteen: 16,
  'thirty-two': 32,
  'thirty-six': 36,
  'forty-eight': 48,
};

/** Every count stated right before "cameras" (up to four words between, e.g. "48 4K turret cameras"; a bare number ends the phrase). */
function cameraCounts(text: string): number[] {
  const re = new RegExp(
    `\\b(\\d[\\d,]*|${Object.keys(WORDS).join('|')})\\b((?:\\s+(?:\\d+[A-Za-z]+|[A-Za-z][\\w-]*)){0,4}?)\\s+cameras\\b`,
    'gi',
  );
  return [...text.matchAll(re)].map((m) => WORDS[m[1].toLowerCase()] ?? Number(m[1].replace(/,/g, '')));
}

/** Every "N-channel" recorder size stated. */
const channelCounts = (text: string) => [...text.matchAll(/\b(\d+)-channel\b/g)].map((m) => Number(m[1]));

/** All the text of an element, hidden parts included, its text nodes separated by spaces. */
const textOf = (el: Locator) =>
  el.evaluate((root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const parts: string[] = [];
    while (walker.nextNode()) parts.push(walker.currentNode.textContent ?? '');
    return parts.join(' ');
  });

/** The numeric figures of a project. */
const figuresOf = (facts: CaseStudyFacts) => new Set(Object.values(facts).filter((v): v is number => typeof v === 'number'));

/** Checks the counts stated in `text` against `facts`; returns the camera counts stated. */
function expectAgrees(text: string, facts: CaseStudyFacts, where: string): number[] {
  const figures = figuresOf(facts);
  const cameras = cameraCounts(text);
  for (const n of cameras) expect(figures.has(n), `${where}: "${n} … cameras" is not a figure of ${facts.slug}`).toBe(true);
  for (const n of channelCounts(text)) expect(n, `${where}: recorder channels of ${facts.slug}`).toBe(facts.recorderChannels);
  if (facts.timeline && /install/i.test(text) && /\b\d+-(day|week)\b/.test(text))
    for (const [m] of text.matchAll(/\b\d+-(?:day|week)\b/g)) expect(facts.timeline, `${where}: timeline of ${facts.slug}`).toContain(m);
  return cameras;
}

const FACTS = Object.values(CASE_STUDY_FACTS) as CaseStudyFacts[];

test('the seeded case studies the api serves state each project’s own figures', async ({ request }) => {
  const { caseStudies } = (await (await request.get('/api/case-studies')).json()) as {
    caseStudies: {
      title: string;
      description: string;
      challenge: string;
      solution: string;
      results: string;
      tags: string[];
      imageUrl: string;
    }[];
  };
  for (const facts of FACTS) {
    const study = caseStudies.find((c) => c.imageUrl.includes(facts.slug));
    expect(study, facts.slug).toBeDefined();
    const text = [study!.title, study!.description, study!.challenge, study!.solution, study!.results].join('\n');
    const stated = expectAgrees(`${text}\n${study!.tags.join(', ')}`, facts, `api ${facts.slug}`);
    expect(stated, `${facts.slug} states its camera total`).toContain(facts.cameras);
    expect(study!.tags, facts.slug).toContain(`${facts.cameras} cameras`);
  }
});

test('the home page and /case-studies state the same figures for each project', async ({ page }) => {
  await gotoHydrated(page, '/case-studies');
  const cards = page.locator('[data-testid="case-study-card"], [data-testid="featured-case-study"]');
  await expect(cards.first()).toBeVisible();
  const portfolio = new Map<string, number[]>();
  for (const card of await cards.all()) {
    const image = (await card.locator('img').first().getAttribute('src')) ?? '';
    const facts = FACTS.find((f) => image.includes(f.slug));
    if (!facts) continue;
    const text = await textOf(card);
    portfolio.set(facts.slug, [...(portfolio.get(facts.slug) ?? []), ...expectAgrees(text, facts, `/case-studies ${facts.slug}`)]);
  }
  expect([...portfolio.keys()].sort()).toEqual(FACTS.map((f) => f.slug).sort());

  await gotoHydrated(page, '/');
  const projects = page.getByTestId('project-card');
  await scrollIntoHydratedView(projects.first());
  await expect(projects).toHaveCount(2);
  for (const card of await projects.all()) {
    const image = (await card.locator('img').first().getAttribute('src')) ?? '';
    const facts = FACTS.find((f) => image.includes(f.slug));
    expect(facts, image).toBeDefined();
    const text = await textOf(card);
    const stated = expectAgrees(text, facts!, `home ${facts!.slug}`);
    expect(stated).toContain(facts!.cameras);
    expect(portfolio.get(facts!.slug)).toContain(facts!.cameras);
    if (facts!.timeline) expect(text).toContain(facts!.timeline);
  }
});
