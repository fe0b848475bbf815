// Opens the SprayLab page in headless Chromium (Debian's), lets a `run=1` link run to the end,
// and prints what a user would see plus speed figures and the browser's peak memory as JSON;
// saves a screenshot. With FILE, the page opens that file (an htsim traffic matrix, a topology
// or a scenario) with its "Open a scenario file" button once loaded, then presses Run.
// Usage: node e2e/run_page.mjs URL SCREENSHOT.png [TIMEOUT_MS] [FILE]
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { chromium } from 'playwright-core';
import { watchMemory } from './memory.mjs';

const [url, shot, timeoutArg, file] = process.argv.slice(2);
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
  window.__statusTimes = [];
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
  }).observe({ type: 'longtask', buffered: true });
  // when the status line changes (running, done, ...), to tell run-time tasks from start-up ones
  new MutationObserver(() => {
    const s = document.querySelector('#status')?.textContent?.split(':')[0];
    const last = window.__statusTimes[window.__statusTimes.length - 1];
    if (s && (!last || last[0] !== s)) window.__statusTimes.push([s, Math.round(performance.now())]);
  }).observe(document, { subtree: true, childList: true, characterData: true });
});
const memory = watchMemory();
const t0 = Date.now();
await page.goto(url);
await page.waitForSelector('#status', { timeout });
const loaded_ms = Date.now() - t0;
if (file) {
  await page.waitForSelector('#open-file', { state: 'attached', timeout });
  await page.setInputFiles('#open-file', { name: basename(file), mimeType: 'text/plain', buffer: readFileSync(file) });
  await page.waitForFunction(() => /opened|was refused/.test(document.querySelector('#status')?.textContent || ''),
    null, { timeout });
  const opened = await page.evaluate(() => document.querySelector('#status')?.textContent || '');
  if (!opened.includes('opened')) {
    console.log(JSON.stringify({ status: opened, canvases: [], errors: [`${file} was not opened`] }));
    await browser.close();
    process.exit(0);
  }
  await page.click('#run');
}
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
  // long tasks (over 50 ms) on the main thread while the run was going (status "running");
  // a run=1 link starts the run inside the page's start-up task, which counts as load
  ...(() => {
    const start = (window.__statusTimes.find(t => t[0] === 'running') || [0, 0])[1];
    const end = (window.__statusTimes.find(t => t[0] === 'done') || [0, Infinity])[1];
    const during = window.__longTasks.filter(([t]) => t >= start && t <= end);
    return {
      longest_task_ms: Math.max(0, ...during.map(t => t[1])),
      long_tasks: during.length,
      long_tasks_at_load: window.__longTasks.filter(([t]) => t < start).map(t => t[1]),
      run_wall_ms: end - start,
    };
  })(),
  hash: location.hash,
}));
result.page_load_ms = loaded_ms;
result.browser_peak_mib = memory.stop();
result.errors = errors;
await page.screenshot({ path: shot, fullPage: true });
console.log(JSON.stringify(result, null, 1));
await browser.close();
