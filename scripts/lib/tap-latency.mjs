/**
 * Tap latency of the deferred sections (components/site/deferred-section.tsx): how long after a
 * click on one of their controls, made right after the page has loaded (load event and the first
 * screen hydrated, the section itself not yet), its effect is on screen.
 *
 * Each case opens a fresh page in Debian Chromium (Playwright), optionally with the CPU slowed
 * down through the DevTools protocol (Emulation.setCPUThrottlingRate), clicks the control the way
 * a visitor does (Playwright scrolls it into view, then presses and releases the mouse on it) and
 * measures in the page, from the `pointerdown` event's timestamp to the first animation frame after
 * the effect appeared in the DOM (the control's aria state changed).
 */
import { chromium } from '@playwright/test';

/** The controls measured: page, control, and the DOM state that means the click took effect. */
export const TAP_CASES = [
  {
    name: 'home services toggle (Business)',
    path: '/',
    control: { role: 'button', name: 'Business', exact: true },
    effect: (el) => el.getAttribute('aria-pressed') === 'true',
  },
  {
    name: 'home testimonials (next)',
    path: '/',
    control: { role: 'button', name: 'Next testimonial', exact: true },
    effect: () => document.querySelector('[aria-label^="Show testimonial 2"]')?.getAttribute('aria-current') === 'true',
  },
  {
    name: 'compare services toggle (cameras)',
    path: '/compare-services',
    control: { testId: 'compare-toggle-cameras' },
    effect: (el) => el.getAttribute('aria-pressed') === 'true',
  },
  {
    name: 'case-study tab (Residential)',
    path: '/case-studies',
    control: { testId: 'tab-residential' },
    effect: (el) => el.getAttribute('aria-selected') === 'true',
  },
];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** One measurement: ms from pointerdown to the frame after the effect. */
async function measureOnce(browser, base, tapCase, cpuSlowdown) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: false });
  const page = await context.newPage();
  try {
    if (cpuSlowdown > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    }
    await page.goto(`${base}${tapCase.path}`, { waitUntil: 'load' });
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const { role, name, exact, testId } = tapCase.control;
    const control = testId ? page.getByTestId(testId) : page.getByRole(role, { name, exact });
    const effectSource = tapCase.effect.toString();
    // Arm the measurement on the element before the click: pointerdown time, then the first frame
    // after the effect is in the DOM.
    const done = control.evaluate((el, source) => {
      const effect = new Function(`return (${source})`)();
      return new Promise((resolve) => {
        let start = null;
        window.addEventListener('pointerdown', (e) => (start ??= e.timeStamp), { capture: true, once: true });
        const check = () => {
          if (start === null || !effect(el)) return false;
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - start));
          return true;
        };
        const observer = new MutationObserver(check);
        observer.observe(document.documentElement, { subtree: true, attributes: true, childList: true, characterData: true });
        setTimeout(() => resolve(null), 15_000);
      });
    }, effectSource);
    await control.click();
    const ms = await done;
    if (ms === null) throw new Error(`${tapCase.name}: the click had no effect within 15 s`);
    return ms;
  } finally {
    await context.close();
  }
}

/**
 * Measures every case `runs` times without and with the CPU slowed `slowdown`×; returns the
 * lines to print (median and worst per case, against the targets).
 */
export async function tapLatencyReport(base, { runs = 5, slowdown = 4, chromePath = '/usr/bin/chromium', log = () => {} } = {}) {
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  const rows = [];
  try {
    for (const tapCase of TAP_CASES) {
      const row = { name: tapCase.name, path: tapCase.path };
      for (const [key, rate] of [
        ['fast', 1],
        ['slow', slowdown],
      ]) {
        const times = [];
        for (let i = 0; i < runs; i += 1) times.push(await measureOnce(browser, base, tapCase, rate));
        row[key] = { median: median(times), max: Math.max(...times) };
        log(`tap ${tapCase.name}, CPU ${rate}×: ${times.map((t) => Math.round(t)).join(', ')} ms`);
      }
      rows.push(row);
    }
  } finally {
    await browser.close();
  }
  const pad = (s, n) => String(s).padEnd(n);
  const cell = (r, target) => `${Math.round(r.median)} ms (max ${Math.round(r.max)})${r.max <= target ? '' : ' ✗'}`;
  return [
    `Tap latency right after load, deferred sections, 390 px, ${runs}× per case (pointerdown → frame after the effect), median (max)`,
    `${pad('control', 38)}${pad('page', 20)}${pad('CPU 1×', 22)}CPU ${slowdown}×`,
    `${pad('target', 38)}${pad('', 20)}${pad('≤ 200 ms', 22)}≤ 500 ms`,
    ...rows.map((r) => `${pad(r.name, 38)}${pad(r.path, 20)}${pad(cell(r.fast, 200), 22)}${cell(r.slow, 500)}`),
  ];
}
