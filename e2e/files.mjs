// Files into the page: a scenario file chosen with "Open a scenario file, .cm or .topo…" (TOML, and the
// page's own report export as JSON) fills the form and the address bar; a bad one is refused
// in one line naming the field, and the form stays as it was. An htsim traffic matrix (.cm)
// puts its flows in the form, the link and the run; a bad one is refused naming its line; an htsim
// topology file (.topo) its fabric, on which a matrix chained by triggers runs, its completion
// time read off the status and the flows chart; a matrix longer than a link has its file named in
// the address bar instead. Then the exports: the timelines
// CSV begins with the SprayLab version and the link. Prints one line per check and a closing
// count; exits non-zero on a failure.
// Usage: node e2e/files.mjs BASE_URL
import { readFileSync } from 'node:fs';
import { checking } from './checks.mjs';

const [base] = process.argv.slice(2);
const { page, check, finish } = await checking('files', { acceptDownloads: true });
const status = () => page.evaluate(() => document.querySelector('#status')?.textContent || '');
const open = async (name, text) => {
  await page.setInputFiles('#open-file', { name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  await page.waitForTimeout(400);
};

await page.goto(`${base}/`);
await page.waitForSelector('#open-file', { state: 'attached', timeout: 60000 });
await open('lswift.toml', '[topology]\nk = 4\n\n[workload]\nelephants = 2\nflow_size_bytes = 1048576\n\n[cca]\nalgorithm = "lswift"\n');
check('a TOML scenario fills the form', (await page.inputValue('#f-cca')) === 'lswift' && (await page.inputValue('#f-k')) === '4',
  { cca: await page.inputValue('#f-cca'), k: await page.inputValue('#f-k') });
check('and the address bar', (await page.evaluate(() => location.hash)).includes('cca=lswift'), await page.evaluate(() => location.hash));
check('and says what it opened', /opened lswift\.toml/.test(await status()), await status());
await open('bad.toml', '[topology]\nk = 5\n');
check('a bad file is refused naming the field', /bad\.toml was refused \(topology\.k/.test(await status()), await status());
check('and the form stays', (await page.inputValue('#f-cca')) === 'lswift' && (await page.inputValue('#f-k')) === '4', null);

// a run, its report exported as JSON, then opened again
await page.click('#run');
await page.waitForFunction(() => /^done/.test(document.querySelector('#status')?.textContent || ''), null, { timeout: 60000 });
const [json] = await Promise.all([page.waitForEvent('download'), page.click('#export-json')]);
const report = await (await json.createReadStream()).toArray().then(b => Buffer.concat(b).toString());
const [csv] = await Promise.all([page.waitForEvent('download'), page.click('#export-csv')]);
const timelines = await (await csv.createReadStream()).toArray().then(b => Buffer.concat(b).toString());
const [first, second] = timelines.split('\n');
check('the timelines CSV says the version', /^# SprayLab \d+\.\d+\.\d+/.test(first), first);
check('and the link that runs it again', /^# http.*#.*cca=lswift.*run=1/.test(second), second);
// the charts' PNG: the network picture across the width, the four charts two to a row at half
// of it, no empty cell (the earlier layout gave every chart a cell as wide as the picture)
const [png] = await Promise.all([page.waitForEvent('download'), page.click('#export-png')]);
const bytes = await (await png.createReadStream()).toArray().then(b => Buffer.concat(b));
const fit = await page.evaluate(async b64 => {
  const img = new Image();
  img.src = `data:image/png;base64,${b64}`;
  await img.decode();
  const size = id => { const c = document.getElementById(id); return [c.width, c.height]; };
  const [pw, ph] = size('network');
  const charts = ['chart-cwnd', 'chart-delay', 'chart-queue', 'chart-fct'].map(size);
  const w = Math.max(pw, ...charts.map(c => c[0]));
  const half = ([cw, ch]) => ch * (w / 2) / cw;
  const rows = Math.max(half(charts[0]), half(charts[1])) + Math.max(half(charts[2]), half(charts[3]));
  return { w: img.width, h: img.height, most: Math.ceil(40 + ph * w / pw + rows), width: w };
}, bytes.toString('base64'));
check("the charts' PNG has the picture across it and the charts two to a row, no empty cell",
  fit.w === fit.width && fit.h <= fit.most, fit);
// a recording of the playback, from the start to the end, for a slide: a WebM file
await page.selectOption('#speed', '5');
const [webm] = await Promise.all([page.waitForEvent('download', { timeout: 30000 }), page.click('#record')]);
const video = await (await webm.createReadStream()).toArray().then(b => Buffer.concat(b));
check('the playback records as a WebM file (EBML header, more than a frame)',
  webm.suggestedFilename().endsWith('-playback.webm') && video.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])) && video.length > 2000,
  { name: webm.suggestedFilename(), bytes: video.length });
const pressed = await page.evaluate(() => document.querySelector('#record')?.getAttribute('aria-pressed'));
check('and the recording stops at the end of the playback', pressed === 'false', pressed);
await page.selectOption('#f-cca', 'nscc');
await open('run-report.json', report);
check("the page's own report export opens as a scenario", (await page.inputValue('#f-cca')) === 'lswift', await status());

// an htsim traffic matrix, read as --traffic reads it: its flows in the form, the link and the run
await open('three.cm', 'Nodes 16\nConnections 3\n0->5 id 1 start 0 size 65536\n5->0 id 2 start 0 size 65536\n3->9 id 3 start 0 size 131072\n');
check('a traffic matrix opens, its flows replacing the workload', /opened three\.cm: its 3 flows replace the workload's/.test(await status()), await status());
const matrixLink = await page.evaluate(() => decodeURIComponent(location.hash));
check('the address bar carries its flows', matrixLink.includes('workload.connections=0-5:64KiB,5-0:64KiB,3-9:128KiB'), matrixLink);
await page.click('#run');
await page.waitForFunction(() => /^done/.test(document.querySelector('#status')?.textContent || ''), null, { timeout: 60000 });
// the progress line is drawn in the frame after the status says done
const simulated = await page.waitForFunction(
  () => /3\/3 flows/.test(document.querySelector('.progress')?.textContent || document.body.innerText),
  null, { timeout: 5000 }).then(() => true, () => false);
check('and the run simulates them', simulated,
  await page.evaluate(() => document.querySelector('#status')?.parentElement?.innerText || ''));
// a matrix whose flows are more than a link holds: the address bar names its file instead
const many = Array.from({ length: 400 }, (_, i) => `${i % 16}->${(i + 5) % 16} id ${i + 1} start 0 size 65536`);
await open('many flows.cm', `Nodes 16\nConnections 400\n${many.join('\n')}\n`);
check('a matrix longer than a link opens', /opened many flows\.cm: its 400 flows replace the workload's; they are more than a link holds/.test(await status()), await status());
const named = await page.evaluate(() => location.hash);
check('and the address bar names its file, not its flows', named.endsWith('&matrix=many_flows.cm') && !named.includes('connections'), named);
await open('both.cm', 'Nodes 16\nConnections 1\n0->1 id 1 start 5 trigger 1 size 100\n');
check("a bad matrix is refused naming its line", /both\.cm was refused \(line 3: 0->1 has both a start time and trigger 1/.test(await status()), await status());

// an htsim topology file: its fabric in the form and the address bar
const leafSpine = readFileSync(new URL('../tests/fuzz_corpus/topology_leaf_spine.topo', import.meta.url), 'utf8');
await open('leaf_spine_32.topo', leafSpine);
check('a topology file opens, its fabric replacing the form\'s',
  /opened leaf_spine_32\.topo: the fabric is leaf-spine of 4 ToRs and 2 spines, 32 hosts, 4:1 oversubscribed/.test(await status()), await status());
const fabric = { tiers: await page.inputValue('#f-tiers'), oversub: await page.inputValue('#f-oversub') };
check('the form shows its tiers and oversubscription', fabric.tiers === '2' && fabric.oversub === '4', fabric);
check('and the address bar carries them', /tiers=2&oversub=4/.test(await page.evaluate(() => location.hash)), await page.evaluate(() => location.hash));
await open('bad.topo', 'Nodes 16\nTiers 4\n');
check('a bad topology file is refused naming its line', /bad\.topo was refused \(line 2: Tiers 4/.test(await status()), await status());
// a serial all-to-all of four hosts on it, chained by triggers as htsim's generator writes it
const hosts = [3, 9, 17, 30];
let lines = [], id = 0, trig = 0;
for (const src of hosts) {
  const dsts = hosts.filter(h => h !== src);
  dsts.forEach((dst, i) => {
    id += 1;
    const how = i === 0 ? 'start 0' : `trigger ${trig}`;
    const next = i < dsts.length - 1 ? ` send_done_trigger ${trig + 1}` : '';
    if (i < dsts.length - 1) trig += 1;
    lines.push(`${src}->${dst} id ${id} ${how} size 65536${next}`);
  });
}
const triggers = Array.from({ length: trig }, (_, i) => `trigger id ${i + 1} oneshot`);
await open('serial_a2a.cm', `Nodes 32\nConnections ${id}\nTriggers ${trig}\n${lines.join('\n')}\n${triggers.join('\n')}\n`);
check('a matrix with triggers opens on it', /opened serial_a2a\.cm: its 12 flows replace the workload's/.test(await status()), await status());
await page.click('#run');
await page.waitForFunction(() => /^done/.test(document.querySelector('#status')?.textContent || ''), null, { timeout: 60000 });
const cct = (await status()).match(/CCT ([\d.]+) µs/)?.[1];
check('the status gives the completion time', cct !== undefined, await status());
const flowsAlt = () => page.evaluate(() => document.getElementById('chart-flows')?.getAttribute('aria-label') || '');
check('the flows chart counts every flow finished, the last at the completion time',
  (await flowsAlt()).includes(`0 running, 12 finished, 0 yet to start; the last sprayed flow finishes at ${cct} µs`), await flowsAlt());
await page.keyboard.press('Home');
await page.waitForTimeout(300);
check("at the start only each chain's first flow runs, the others wait for their triggers",
  /: 4 running, 0 finished, 8 yet to start;/.test(await flowsAlt()), await flowsAlt());

await finish();
