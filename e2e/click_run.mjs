// Opens the page at URL (a link without run=1), waits for it to settle, clicks Run, and prints
// the main thread's long tasks (over 50 ms) between the click and the end of the run, with the
// run's wall time: the responsiveness figure of a run started by a user.
// Usage: node e2e/click_run.mjs URL [WIDTH HEIGHT]
import { launch } from './chromium.mjs';

const [url, w, h] = process.argv.slice(2);
const browser = await launch();
const page = await browser.newPage({ viewport: { width: Number(w || 1280), height: Number(h || 720) } });
await page.addInitScript(() => {
  window.__longTasks = [];
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
});
await page.goto(url);
await page.waitForSelector('#run');
await page.waitForTimeout(2000);
const t0 = await page.evaluate(() => performance.now());
await page.click('#run');
await page.waitForFunction(() => /^(done|failed|cancelled)/.test(document.querySelector('#status')?.textContent || ''),
  null, { timeout: 300000 });
const r = await page.evaluate(t0 => {
  const t1 = performance.now();
  const during = window.__longTasks.filter(([t, d]) => t + d >= t0 && t <= t1);
  return {
    status: document.querySelector('#status')?.textContent,
    run_wall_ms: Math.round(t1 - t0),
    longest_task_ms: Math.max(0, ...during.map(([, d]) => Math.round(d))),
    long_tasks: during.length,
    // [ms after the click, duration]
    long_tasks_at: during.map(([t, d]) => [Math.round(t - t0), Math.round(d)]),
  };
}, t0);
console.log(JSON.stringify(r));
await browser.close();
