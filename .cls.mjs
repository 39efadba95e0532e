import { chromium } from '@playwright/test';
import { writeFileSync, unlinkSync, readFileSync, statSync } from 'node:fs';
import pg from 'pg';
const env = JSON.parse(readFileSync('test-results/.e2e-env.json', 'utf8'));
const db = new pg.Client({ connectionString: env.databaseUrl }); await db.connect();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
{
  const p = await browser.newPage();
  const b64 = await p.evaluate(() => { const c = document.createElement('canvas'); c.width = 1920; c.height = 1080; const x = c.getContext('2d');
    const g = x.createLinearGradient(0, 0, 1920, 1080); g.addColorStop(0, '#123'); g.addColorStop(1, '#9ab'); x.fillStyle = g; x.fillRect(0, 0, 1920, 1080);
    for (let i = 0; i < 400; i++) { x.fillStyle = `hsl(${(i * 37) % 360} 40% ${20 + (i % 50)}%)`; x.fillRect((i * 97) % 1920, 1080 - ((i * 53) % 600), 20 + (i % 60), (i * 31) % 500); }
    return c.toDataURL('image/webp', 0.85).split(',')[1]; });
  writeFileSync('frontend/dist/images/heroes/__lcp-probe.webp', Buffer.from(b64, 'base64'));
  console.log('probe size', statSync('frontend/dist/images/heroes/__lcp-probe.webp').size);
  await p.close();
}
async function once(vp) {
  const ctx = await browser.newContext({ viewport: vp });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: (10 * 1024 * 1024) / 8, uploadThroughput: (5 * 1024 * 1024) / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => { window.__shifts = []; window.__lcp = [];
    new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__lcp.push({ t: Math.round(e.startTime), el: e.element?.tagName }))).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__shifts.push({ v: e.value.toFixed(4), t: Math.round(e.startTime), src: e.sources.map((s) => (s.node ? (s.node.nodeName + '.' + (s.node.className || '') + ' ' + (s.node.textContent||'').slice(0,30)) : '?') + ` ${JSON.stringify(s.previousRect)}→${JSON.stringify(s.currentRect)}`) }))).observe({ type: 'layout-shift', buffered: true }); });
  await page.goto(env.baseURL + '/shopping', { waitUntil: 'load' });
  await page.waitForTimeout(3000);
  const r = await page.evaluate(() => ({ shifts: window.__shifts, lcp: window.__lcp, state: document.querySelector('[data-testid=shopping-hero-background]')?.dataset.state }));
  await ctx.close(); return r;
}
for (const val of [null, '/images/heroes/__lcp-probe.webp', '/images/heroes/__missing.webp']) {
  await db.query(`DELETE FROM site_content WHERE section='generated_images' AND key='heroShopping'`);
  if (val) await db.query(`INSERT INTO site_content (section,key,value,type) VALUES ('generated_images','heroShopping',$1,'url')`, [val]);
  for (const vp of [{ width: 1366, height: 800 }, { width: 390, height: 844 }]) for (let i = 0; i < 2; i++) console.log(val, vp.width, JSON.stringify(await once(vp)));
}
await db.query(`DELETE FROM site_content WHERE section='generated_images' AND key='heroShopping'`);
unlinkSync('frontend/dist/images/heroes/__lcp-probe.webp');
await db.end(); await browser.close();
