// Opens the SprayLab page in headless Chromium, starts a sweep as a user does (a click on
// SELECTOR: a figure's button, or the what-if's Run), waits for it to end, and prints what the
// user sees plus the figures the sweep must meet as JSON: its wall time, the pool's size, the
// longest main-thread task while it ran, the table's rows. Saves a screenshot of the sweeps
// section. Fails when the sweep did not finish, its chart is empty, a main-thread task took over
// 50 ms of the main thread's CPU time, it ran past MAX_S seconds, or the page logged errors.
// A task is judged by its CPU time, read from a performance trace, not by its wall time: while a
// sweep's workers hold every core of a small machine, a short task can wait for a core, and
// its wall time says how busy the machine was, not what the page's own code cost. Both are
// printed.
// Usage: node e2e/sweep_page.mjs URL SELECTOR SHOT.png MAX_S [WIDTH HEIGHT]
import { chromium } from 'playwright-core';

const [url, selector, shot, maxS, w, h] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
         '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage({ viewport: { width: Number(w || 1280), height: Number(h || 900) } });
const errors = [];
page.on('pageerror', e => errors.push(String(e)));
page.on('console', m => { if (m.type() === 'error') errors.push(m.text()); });
await page.addInitScript(() => {
  window.__longTasks = [];
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
  }).observe({ type: 'longtask', buffered: true });
});
await page.goto(url);
await page.waitForSelector(selector, { timeout: 60000 });
// a user clicks a page that has settled: its staged start-up (sections, the charts' warm-up)
// done, which shows as a second without a long task on the main thread
await page.waitForFunction(() => {
  const last = window.__longTasks.reduce((m, [t, d]) => Math.max(m, t + d), 0);
  return performance.now() - last > 1000 && performance.now() > 1500;
}, null, { timeout: 30000, polling: 100 });
// the main thread's tasks while the sweep runs, with their CPU time
await browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel'] });
const start = await page.evaluate(() => performance.now());
await page.click(selector);
await page.waitForFunction(() => /^(done|stopped|cancelled)/.test(document.querySelector('#sweep-status')?.textContent || ''),
  null, { timeout: Number(maxS) * 1000 * 2 });
const end = await page.evaluate(() => performance.now());
const trace = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
// the page's main thread: of the renderers' main threads, the one that ran the most tasks
const mains = new Set(trace.filter(e => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  .map(e => `${e.pid}:${e.tid}`));
// a task of the thread's scheduler, as Chromium's versions name it
const task = /^(RunTask|ThreadControllerImpl::RunTask)$/;
const byThread = new Map();
for (const e of trace) {
  const at = `${e.pid}:${e.tid}`;
  if (e.ph === 'X' && task.test(e.name) && mains.has(at)) byThread.set(at, [...(byThread.get(at) || []), e]);
}
const tasks = [...byThread.values()].reduce((a, b) => (b.length > a.length ? b : a), []);
const costliest = tasks.reduce((m, t) => (t.tdur ?? Infinity) > (m?.tdur ?? -1) ? t : m, null);
await page.waitForTimeout(400); // the last frame's chart
const result = await page.evaluate(([start, end]) => {
  const c = document.querySelector('#chart-sweep');
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  const seen = new Set();
  for (let i = 0; i < d.length; i += 4 * 97) seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
  const during = window.__longTasks.filter(([t, d]) => t + d >= start && t <= end);
  return {
    status: document.querySelector('#sweep-status')?.textContent,
    cores: navigator.hardwareConcurrency,
    wall_s: Math.round((end - start) / 100) / 10,
    longest_task_ms: Math.max(0, ...during.map(t => t[1])),
    // the long tasks as [ms after the click, duration]
    long_task_times: during.map(([t, d]) => [Math.round(t - start), d]),
    long_tasks: during.length,
    chart_colors: seen.size,
    table_rows: document.querySelectorAll('#sweep-table tr').length - 1,
    first_rows: [...document.querySelectorAll('#sweep-table tr')].slice(0, 4).map(r => r.innerText.replace(/\s+/g, ' ')),
    hash: location.hash,
  };
}, [start, end]);
result.errors = errors;
// the task that cost the main thread the most CPU time, and its wall time
result.costliest_task = costliest ? { cpu_ms: Math.round(costliest.tdur / 100) / 10, wall_ms: Math.round(costliest.dur / 100) / 10 } : null;
await page.locator('section.sweeps').screenshot({ path: shot });
console.log(JSON.stringify(result, null, 1));
await browser.close();
const problems = [];
if (!String(result.status).startsWith('done')) problems.push(`status ${result.status}`);
if (result.chart_colors < 20) problems.push(`the chart looks empty (${result.chart_colors} colors)`);
if (!result.costliest_task) problems.push('the trace holds no task of the page\'s main thread');
else if (!(result.costliest_task.cpu_ms <= 50)) problems.push(`a main-thread task took ${result.costliest_task.cpu_ms} ms of CPU time`);
if (result.wall_s > Number(maxS)) problems.push(`the sweep took ${result.wall_s} s, over ${maxS} s`);
if (errors.length) problems.push(`page errors: ${errors.join(' | ')}`);
for (const p of problems) console.log(`sweep problem: ${p}`);
console.log(`sweep: ${result.status}; costliest main-thread task ${result.costliest_task?.cpu_ms} ms of CPU time` +
  ` (${result.costliest_task?.wall_ms} ms of wall time); longest by wall time ${result.longest_task_ms} ms` +
  (result.long_tasks ? ` (ms after the click, duration: ${JSON.stringify(result.long_task_times)})` : ''));
console.log(problems.length ? 'sweep: 0 passed, 1 failed' : 'sweep: 1 passed, 0 failed');
process.exit(problems.length ? 1 : 0);
