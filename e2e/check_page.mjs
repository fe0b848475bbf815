// Checks what e2e/run_page.mjs printed: the run finished, every chart is drawn, no page errors.
// Usage: node e2e/run_page.mjs URL SHOT.png | node e2e/check_page.mjs [MAX_RUN_S]
// (MAX_RUN_S: the run, from "running" to "done", must take at most that many seconds)
const maxRunS = process.argv[2] === undefined ? Infinity : Number(process.argv[2]);
let input = '';
for await (const chunk of process.stdin) input += chunk;
const r = JSON.parse(input);
const problems = [];
if (!String(r.status).startsWith('done: CCT')) problems.push(`status is ${JSON.stringify(r.status)}`);
for (const c of r.canvases) if (c.colors < 20) problems.push(`chart ${c.id} looks empty (${c.colors} colors)`);
// the page's canvases without a lockstep partner (tests/web.rs holds them to the chart table)
const expected = ['chart-cwnd', 'chart-delay', 'chart-queue', 'chart-fct', 'network', 'chart-decision', 'chart-flows',
  'chart-compare-cwnd', 'chart-compare-fct', 'chart-theory', 'chart-sweep'];
const ids = r.canvases.map(c => c.id).sort();
if (JSON.stringify(ids) !== JSON.stringify([...expected].sort())) problems.push(`charts ${ids.join(', ')}; expected ${expected.join(', ')}`);
if (!(typeof r.run_wall_ms === "number" && r.run_wall_ms <= maxRunS * 1000)) problems.push(`the run took ${r.run_wall_ms} ms, over ${maxRunS} s`);
if (r.errors.length) problems.push(`page errors: ${r.errors.join(' | ')}`);
console.log(`page: ${r.status}; ${r.progress}; longest main-thread task during the run ${r.longest_task_ms} ms (${r.long_tasks} over 50 ms); at load: ${JSON.stringify(r.long_tasks_at_load)} ms; the browser's memory peaked at ${r.browser_peak_mib} MiB`);
for (const p of problems) console.log(`e2e problem: ${p}`);
console.log(problems.length ? 'e2e: 0 passed, 1 failed' : 'e2e: 1 passed, 0 failed');
process.exit(problems.length ? 1 : 0);
