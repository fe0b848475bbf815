// Opens the SprayLab page in headless Chromium (Debian's), lets a `run=1` link run to the end,
// and prints what a user would see plus speed figures as JSON; saves a screenshot.
// Usage: node e2e/run_page.mjs URL SCREENSHOT.png [TIMEOUT_MS]
import { chromium } from 'playwright-core';

const [url, shot, timeoutArg] = process.argv.slice(2);
const timeout = Number(timeoutArg || 120000);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
         '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage({ viewport: { width: 1240, height: 1500 } });
const errors = [];
page.on('pageerror', e => errors.push(String(e)));
page.on('console', m => { if (m.type() === 'error') errors.push(m.text()); });
// record main-thread long tasks from the start
await page.addInitScript(() => {
  window.__longTasks = [];
  new PerformanceObserver(list => { for (const e of list.getEntries()) window.__longTasks.push(e.duration); })
    .observe({ type: 'longtask', buffered: true });
});
const t0 = Date.now();
await page.goto(url);
await page.waitForSelector('#status', { timeout });
const loaded_ms = Date.now() - t0;
await page.waitForFunction(() => {
  const s = document.querySelector('#status')?.textContent || '';
  return s.startsWith('done') || s.startsWith('failed') || s.startsWith('cancelled');
}, null, { timeout });
await page.waitForTimeout(300); // one more animation frame for the final charts
const result = await page.evaluate(() => ({
  status: document.querySelector('#status')?.textContent,
  progress: document.querySelector('#progress-text')?.textContent,
  counters: document.querySelector('#counters')?.innerText,
  canvases: [...document.querySelectorAll('canvas')].map(c => {
    // a drawn chart has many distinct pixel values; an empty one is nearly uniform
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    const seen = new Set();
    for (let i = 0; i < d.length; i += 4 * 97) seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
    return { id: c.id, colors: seen.size };
  }),
  longest_task_ms: Math.max(0, ...window.__longTasks),
  long_tasks: window.__longTasks.length,
  hash: location.hash,
}));
result.page_load_ms = loaded_ms;
result.errors = errors;
await page.screenshot({ path: shot, fullPage: true });
console.log(JSON.stringify(result, null, 1));
await browser.close();
