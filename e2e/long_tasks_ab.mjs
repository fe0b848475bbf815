// Compares two builds of the page on their longest main-thread tasks, loads alternating between
// them (the machine's load drifts, so each pair of loads is a minute apart at most). Each load is
// a `long_tasks.mjs` run of the link; the script prints, per build, the longest task's wall time
// (median, max, loads with one over 50 ms), the main thread's CPU time in that task, and the
// most CPU any one task took: a task whose CPU time is far below its wall time waited for a core.
// Usage: node e2e/long_tasks_ab.mjs BASE_A BASE_B ROUNDS FRAGMENT [WIDTH HEIGHT]
//   (BASE_*: served dist/ folders, e.g. http://127.0.0.1:PORT/spraylab; FRAGMENT: k=16&run=1)
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [a, b, rounds, fragment, w = '1240', h = '1500'] = process.argv.slice(2);
if (!fragment || !(Number(rounds) > 0)) {
  console.error('usage: node e2e/long_tasks_ab.mjs BASE_A BASE_B ROUNDS FRAGMENT [WIDTH HEIGHT]');
  process.exit(2);
}
const script = join(dirname(fileURLToPath(import.meta.url)), 'long_tasks.mjs');

/** One load: every main-thread task of 1 ms or more, as [wall, cpu] in ms. */
function load(base) {
  const out = execFileSync('node', [script, `${base}/#${fragment}`, w, h], {
    env: { ...process.env, LT_MIN: '1' },
    encoding: 'utf8',
    timeout: 300000,
  });
  if (!/^status: done/m.test(out)) throw new Error(`the run did not finish:\n${out.slice(0, 400)}`);
  const tasks = [...out.matchAll(/^task at \d+ ms: ([\d.]+) ms, cpu ([\d.]+) ms/gm)]
    .map(m => [Number(m[1]), Number(m[2])]);
  if (tasks.length === 0) throw new Error('no main-thread task in the trace');
  return tasks;
}

const median = xs => [...xs].sort((x, y) => x - y)[Math.floor((xs.length - 1) / 2)];
const results = { A: [], B: [] };
for (let r = 0; r < Number(rounds); r++) {
  for (const [side, base] of [['A', a], ['B', b]]) {
    const tasks = load(base);
    const longest = tasks.reduce((x, y) => (y[0] > x[0] ? y : x));
    const mostCpu = Math.max(...tasks.map(t => t[1]));
    results[side].push({ wall: longest[0], cpu: longest[1], mostCpu });
    console.log(`${side} load ${r + 1}: longest task ${longest[0].toFixed(1)} ms (cpu ${longest[1].toFixed(1)}), most cpu in a task ${mostCpu.toFixed(1)} ms`);
  }
}
for (const side of ['A', 'B']) {
  const v = results[side];
  const walls = v.map(x => x.wall);
  console.log(`${side}: longest task median ${median(walls).toFixed(1)} ms, max ${Math.max(...walls).toFixed(1)} ms, ` +
    `loads with a task over 50 ms ${walls.filter(x => x > 50).length}/${v.length}; ` +
    `its cpu median ${median(v.map(x => x.cpu)).toFixed(1)} ms; ` +
    `most cpu in any task median ${median(v.map(x => x.mostCpu)).toFixed(1)} ms, max ${Math.max(...v.map(x => x.mostCpu)).toFixed(1)} ms`);
}
