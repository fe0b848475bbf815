// Where a run's long main-thread tasks go: opens a `run=1` link in headless Chromium with a
// performance trace on, waits for the run to end, and prints every main-thread task over 50 ms
// (LT_MIN=ms for another threshold), its wall time and the main thread's CPU time in it (a task
// whose CPU time is much shorter waited for a core: on a 2-core machine the simulation worker
// holds one), with the slices inside it that took 3 ms or more (animation frames, messages from
// the worker, paints, commits, the wasm functions by name where the trace names them).
// Usage: node e2e/long_tasks.mjs URL [WIDTH HEIGHT]   (URL: a served dist/, with #...&run=1)
import { launch } from './chromium.mjs';

const [url, w, h] = process.argv.slice(2);
if (!url) {
  console.error('usage: node e2e/long_tasks.mjs URL [WIDTH HEIGHT]');
  process.exit(2);
}
const browser = await launch();
const page = await browser.newPage({ viewport: { width: Number(w || 1280), height: Number(h || 720) } });
await browser.startTracing(page, {
  categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8.execute', 'blink'],
});
await page.goto(url);
await page.waitForFunction(() => /^(done|failed|cancelled)/.test(document.querySelector('#status')?.textContent || ''),
  null, { timeout: 300000 });
const status = await page.evaluate(() => document.querySelector('#status')?.textContent);
const trace = JSON.parse((await browser.stopTracing()).toString());
await browser.close();

const events = trace.traceEvents;
// the renderer's main thread: the one that ran the page's animation frames
const frame = events.find(e => e.name === 'FireAnimationFrame');
if (!frame) {
  console.error('no animation frame in the trace: the page drew nothing');
  process.exit(1);
}
const main = events.filter(e => e.pid === frame.pid && e.tid === frame.tid && e.ph === 'X');
const tasks = main.filter(e => e.name === 'RunTask' && e.dur >= Number(process.env.LT_MIN || 50) * 1000).sort((a, b) => a.ts - b.ts);
const t0 = Math.min(...main.map(e => e.ts));
console.log(`status: ${status}`);
console.log(`${tasks.length} main-thread tasks over ${process.env.LT_MIN || 50} ms`);
for (const t of tasks) {
  console.log(`task at ${((t.ts - t0) / 1000).toFixed(0)} ms: ${(t.dur / 1000).toFixed(1)} ms, cpu ${((t.tdur ?? NaN) / 1000).toFixed(1)} ms`);
  const inside = main
    .filter(e => e !== t && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e.dur >= 3000)
    .sort((a, b) => a.ts - b.ts);
  for (const e of inside) {
    const what = e.args?.data?.functionName || e.args?.data?.type || e.args?.data?.url?.split('/').pop() || '';
    console.log(`  +${((e.ts - t.ts) / 1000).toFixed(1)} ms  ${(e.dur / 1000).toFixed(1)} ms  ${e.name} ${what}`);
  }
}
