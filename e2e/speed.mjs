// The page's simulation speed against the native core's, on the same scenario, in one run.
//
// For each case, in alternation for ROUNDS rounds:
// - native: `spraylab bench-case` with the case's flags (the native core, timeline included);
// - page: the page opened on the same scenario as a `run=1` link in headless Chromium: the wasm
//   core in the page's worker, its timeline streamed to the live charts, which draw meanwhile;
// - worker: the same scenario as a one-run sweep (a `sweep=what-if` link): the wasm core in a
//   worker of the sweep pool, which keeps its timeline to itself, with nothing drawn meanwhile.
//   Its time is the sweep's, from its status line (0.1 s steps, worker start included), so
//   only the cases that take seconds measure it.
// All three must simulate the same events (the worker's from its runs.csv). Each round gives
// ratios of events per second (wasm / native) measured a minute apart at most, so a machine
// whose speed drifts affects both sides alike; the medians are reported, with the page's run
// time and its longest main-thread task (a task over 50 ms is one a user can feel).
//
// Usage: node e2e/speed.mjs BASE_URL SPRAYLAB_BINARY [ROUNDS]
//   BASE_URL: the served dist/ (http://127.0.0.1:PORT/spraylab)
import { launch } from './chromium.mjs';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const [base, binary, roundsArg] = process.argv.slice(2);
if (!base || !binary) {
  console.error('usage: node e2e/speed.mjs BASE_URL SPRAYLAB_BINARY [ROUNDS]');
  process.exit(2);
}
const rounds = Number(roundsArg || 3);

// The page's default scenario is the `baseline` preset; a link changes only what it names.
// The baseline runs MSwift over OPS with seed 1, so a one-run what-if sweep of MSwift × OPS × 1
// seed is the same run.
const cases = [
  { name: 'baseline k=8 (128 hosts)', flags: ['--preset', 'baseline', '--k', '8'], link: 'k=8&run=1' },
  {
    name: 'baseline k=16 (1024 hosts)', flags: ['--preset', 'baseline', '--k', '16'], link: 'k=16&run=1',
    sweep: 'k=16&sweep=what-if&ccas=mswift&lbs=ops&seeds=1&run=1',
  },
];

function native(flags) {
  const out = execFileSync(binary, ['bench-case', ...flags], { encoding: 'utf8' });
  const r = JSON.parse(out);
  return { events: r.events, seconds: r.cpu_s };
}

const browser = await launch();

async function inPage(link) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const errors = [];
  page.on('pageerror', e => errors.push(String(e)));
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver(list => {
      for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`${base}/#${link}`);
  await page.waitForFunction(() => (document.querySelector('#status')?.textContent || '').startsWith('running'),
    null, { timeout: 60000 });
  const start = await page.evaluate(() => performance.now());
  await page.waitForFunction(() => {
    const s = document.querySelector('#status')?.textContent || '';
    return s.startsWith('done') || s.startsWith('failed');
  }, null, { timeout: 300000, polling: 100 });
  const r = await page.evaluate(start => {
    const progress = document.querySelector('#progress-text')?.textContent || '';
    const cells = [...document.querySelectorAll('#counters td')].map(td => td.textContent);
    const during = window.__longTasks.filter(([t, d]) => t + d >= start);
    return {
      status: document.querySelector('#status')?.textContent,
      // "sim 217.3 µs · 1020/1020 flows · 4.52 M events/s · 9.68 s": the worker's own clock
      seconds: Number((progress.match(/([\d.]+) s$/) || [])[1]),
      events: Number((cells[0] || '').replace(/\D/g, '')),
      longest_task_ms: Math.round(Math.max(0, ...during.map(t => t[1]))),
    };
  }, start);
  await page.close();
  if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
  if (!r.status.startsWith('done')) throw new Error(`the page's run ended: ${r.status}`);
  return r;
}

async function inWorker(link) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 }, acceptDownloads: true });
  await page.goto(`${base}/#${link}`);
  await page.waitForFunction(() => /^(done|stopped|cancelled)/.test(document.querySelector('#sweep-status')?.textContent || ''),
    null, { timeout: 300000, polling: 100 });
  const status = await page.evaluate(() => document.querySelector('#sweep-status').textContent);
  // "done: 1 runs in 5.6 s on 1 worker"
  const m = status.match(/^done: 1 runs in ([\d.]+) s/);
  if (!m) throw new Error(`the one-run sweep ended: ${status}`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#sweep-runs-csv')]);
  // the file opens with its provenance, in comment lines
  const csv = fs.readFileSync(await download.path(), 'utf8').trim().split('\n')
    .filter(line => !line.startsWith('#'));
  const head = csv[0].split(','), row = csv[1].split(',');
  await page.close();
  return { seconds: Number(m[1]), events: Number(row[head.indexOf('events')]) };
}

const median = xs => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
for (const c of cases) {
  const ratios = [], pageS = [], nativeS = [], tasks = [], workerRatios = [], workerS = [];
  for (let i = 0; i < rounds; i++) {
    const n = native(c.flags);
    const p = await inPage(c.link);
    if (p.events !== n.events) {
      throw new Error(`${c.name}: the page simulated ${p.events} events, the native core ${n.events}`);
    }
    ratios.push((p.events / p.seconds) / (n.events / n.seconds));
    pageS.push(p.seconds);
    nativeS.push(n.seconds);
    tasks.push(p.longest_task_ms);
    if (c.sweep) {
      const w = await inWorker(c.sweep);
      if (w.events !== n.events) {
        throw new Error(`${c.name}: the sweep's worker simulated ${w.events} events, the native core ${n.events}`);
      }
      workerRatios.push((w.events / w.seconds) / (n.events / n.seconds));
      workerS.push(w.seconds);
    }
  }
  const n = median(nativeS), p = median(pageS);
  rows.push({
    case: c.name,
    native_s: n,
    page_s: p,
    page_over_native: median(ratios),
    round_ratios: ratios.map(r => Number(r.toFixed(2))),
    worker_s: workerS.length ? median(workerS) : null,
    worker_over_native: workerRatios.length ? median(workerRatios) : null,
    worker_round_ratios: workerRatios.map(r => Number(r.toFixed(2))),
    longest_task_ms: Math.max(...tasks),
  });
}
const fmt = (x, d) => (x === null ? '-' : x.toFixed(d));
console.log(`${'case'.padEnd(28)} ${'native s'.padStart(8)} ${'page s'.padStart(7)} ${'page/native'.padStart(11)} ${'worker s'.padStart(8)} ${'worker/native'.padStart(13)}  longest task`);
for (const r of rows) {
  console.log(`${r.case.padEnd(28)} ${fmt(r.native_s, 2).padStart(8)} ${fmt(r.page_s, 2).padStart(7)} ${fmt(r.page_over_native, 2).padStart(11)} ` +
    `${fmt(r.worker_s, 1).padStart(8)} ${fmt(r.worker_over_native, 2).padStart(13)}  ${r.longest_task_ms} ms`);
  console.log(`${''.padEnd(28)} round ratios: page ${r.round_ratios.join(' ')}` +
    (r.worker_round_ratios.length ? `; worker ${r.worker_round_ratios.join(' ')}` : ''));
}
console.log(`cores: ${await (async () => { const p = await browser.newPage(); const n = await p.evaluate(() => navigator.hardwareConcurrency); await p.close(); return n; })()}`);
await browser.close();
