#!/usr/bin/env node
/**
 * `npm run bench:calculator` — the calculator's total card on a slow phone: a total cost card that
 * animates to each new value (30 steps, about 500 ms) without jank.
 *
 * 1. Builds everything (`npm run build`) unless `--no-build`.
 * 2. Serves the production build with scripts/e2e-server.mjs (fresh database) on BENCH_PORT
 *    (default 4181).
 * 3. Opens /calculator in Debian Chromium (playwright-core, CHROME_PATH default /usr/bin/chromium)
 *    at a phone's viewport with the CPU slowed BENCH_CPU_SLOWDOWN times (default 4, Lighthouse's
 *    mobile preset), and moves the cameras slider with the keyboard BENCH_MOVES times (default
 *    20), one step every 900 ms, as a visitor would; each move re-prices and starts the animation.
 * 4. Measures, in the page: every frame's interval (requestAnimationFrame), long tasks
 *    (PerformanceObserver 'longtask', > 50 ms), and per move the time until the final total shows
 *    and the number of distinct values the total showed on the way.
 * 5. Runs the same moves with `prefers-reduced-motion: reduce` (no animation: the total jumps)
 *    in the same run and prints both side by side with the ratio: what the animation costs.
 *
 * Jank budget: frame interval p95 ≤ 33 ms (no frame of 30 fps dropped in 95 %), no long task
 * during the animation, the animation ending in about 500 ms over about 30 steps.
 * Options: --no-build.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { buildAll, startProductionServer } from './lib/production-server.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const port = Number(process.env.BENCH_PORT ?? 4181);
const base = `http://127.0.0.1:${port}`;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
const MOVES = Number(process.env.BENCH_MOVES ?? 20);
const MOVE_GAP_MS = 900;
const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const log = (msg) => console.log(`[bench:calculator] ${msg}`);

const pct = (xs, p) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

/** Installed in the page before the moves: records frames, long tasks and the total's values. */
function instrument() {
  const w = window;
  w.__bench = { frames: [], longTasks: [], values: [] };
  let last = performance.now();
  const frame = (now) => {
    w.__bench.frames.push([now, now - last]);
    last = now;
    w.__bench.raf = requestAnimationFrame(frame);
  };
  w.__bench.raf = requestAnimationFrame(frame);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__bench.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask' });
  const total = document.querySelector('[data-testid="calculator-total"]');
  new MutationObserver(() => w.__bench.values.push([performance.now(), total.textContent])).observe(total, {
    subtree: true,
    childList: true,
    characterData: true,
  });
}

/** One visitor session: `MOVES` slider steps; @returns per-move and per-frame figures. */
async function session(browser, reducedMotion) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    reducedMotion: reducedMotion ? 'reduce' : 'no-preference',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(`${base}/calculator`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  const slider = page.getByRole('slider', { name: 'Number of cameras' });
  await slider.scrollIntoViewIfNeeded();
  await slider.focus();
  await page.evaluate(instrument);
  const moves = [];
  for (let i = 0; i < MOVES; i++) {
    const key = i < MOVES / 2 ? 'ArrowRight' : 'ArrowLeft';
    const at = await page.evaluate(() => performance.now());
    await page.keyboard.press(key);
    moves.push(at);
    await page.waitForTimeout(MOVE_GAP_MS);
  }
  const data = await page.evaluate(() => {
    cancelAnimationFrame(window.__bench.raf);
    return window.__bench;
  });
  await context.close();

  // Per move: the values shown after it (until the next move), the time to the last one.
  const perMove = moves.map((start, i) => {
    const end = moves[i + 1] ?? Infinity;
    const shown = data.values.filter(([t]) => t >= start && t < end);
    return { steps: new Set(shown.map(([, v]) => v)).size, settleMs: shown.length ? shown.at(-1)[0] - start : 0 };
  });
  const first = moves[0];
  const frames = data.frames.filter(([t]) => t > first).map(([, d]) => d);
  return {
    frames,
    longTasks: data.longTasks.filter(([t]) => t > first).map(([, d]) => d),
    steps: perMove.map((m) => m.steps),
    settleMs: perMove.map((m) => m.settleMs),
  };
}

async function main() {
  if (!args.includes('--no-build')) {
    log('building (npm run build)…');
    await buildAll();
  }
  log(`starting the production server on ${base}…`);
  const server = await startProductionServer(port, { E2E_ENV_FILE: join(repoRoot, 'test-results', `.bench-calculator-${port}.json`) });
  const browser = await chromium.launch({ executablePath: CHROME_PATH, headless: true, args: CHROME_FLAGS });
  try {
    log(`${MOVES} slider moves, CPU slowed ${SLOWDOWN}×, 390×844 @2x; animated, then with reduced motion…`);
    const animated = await session(browser, false);
    const still = await session(browser, true);

    const row = (label, a, b, target = '') => console.log(`${label.padEnd(36)}${String(a).padEnd(16)}${String(b).padEnd(18)}${target}`);
    const f = (x) => `${x.toFixed(1)} ms`;
    const share = (frames) => `${((100 * frames.filter((d) => d > 33.4).length) / Math.max(1, frames.length)).toFixed(1)} %`;
    console.log('');
    row('', 'animated', 'reduced motion', 'budget');
    row('frames measured', animated.frames.length, still.frames.length);
    row('frame interval p50', f(pct(animated.frames, 50)), f(pct(still.frames, 50)));
    row('frame interval p95', f(pct(animated.frames, 95)), f(pct(still.frames, 95)), '≤ 33 ms');
    row('frame interval p99', f(pct(animated.frames, 99)), f(pct(still.frames, 99)));
    row('frames over 33 ms', share(animated.frames), share(still.frames));
    row('long tasks (> 50 ms)', animated.longTasks.length, still.longTasks.length, '0 while animating');
    row('longest task', f(Math.max(0, ...animated.longTasks)), f(Math.max(0, ...still.longTasks)));
    row('values shown per move (median)', pct(animated.steps, 50), pct(still.steps, 50), '≈ 30 animated');
    row('move → final total (median)', f(pct(animated.settleMs, 50)), f(pct(still.settleMs, 50)), '≈ 500 ms animated');
    row('move → final total (max)', f(Math.max(...animated.settleMs)), f(Math.max(...still.settleMs)));
    console.log(
      `\nframe interval p95, animated / reduced motion: ${(pct(animated.frames, 95) / Math.max(0.001, pct(still.frames, 95))).toFixed(2)}×`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(`bench:calculator failed: ${err.stack ?? err.message}`);
  process.exitCode = 1;
});
