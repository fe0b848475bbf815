// The charts as instruments in a browser (src/session/instruments.rs): the pointer reads every
// series of every instrumented chart, on a mouse and on a finger; a drag zooms the time charts,
// two fingers pinch them, and a double-click or the reset button shows the whole run again; a legend entry hides its
// series and shows it again; the reference lines are named in the legends. Prints one line per
// check and a closing count; exits non-zero on a failure.
// Usage: node e2e/instruments.mjs BASE_URL [SCREENSHOT.png]
import { checking, fingers } from './checks.mjs';

const [base, shot] = process.argv.slice(2);
const { page, check, finish } = await checking('instruments');
const readout = () => page.evaluate(() => {
  const r = document.querySelector('#readout');
  return r && !r.hidden ? r.textContent : '';
});
// a canvas' box on the page, scrolled into view
const box = async id => {
  await page.evaluate(i => document.getElementById(i)?.scrollIntoView({ block: 'center' }), id);
  await page.waitForTimeout(100);
  return page.evaluate(i => {
    const r = document.getElementById(i).getBoundingClientRect();
    return { x: r.left, y: r.top, w: r.width, h: r.height };
  }, id);
};
const pixels = id => page.evaluate(i => document.getElementById(i).toDataURL(), id);
const drawn = () => page.waitForTimeout(600);

await page.goto(`${base}/#k=4&elephants=2&flow-size=1MiB&run=1`);
await page.waitForFunction(() => /^done/.test(document.querySelector('#status')?.textContent || ''),
  null, { timeout: 120000 });
await drawn();

// every instrumented chart reads at the pointer, its first line saying where
const charts = [
  ['chart-cwnd', /^at [\d.]+ µs\nmean [\d.]+ pkts\nsprayed flows [\d.]+ to [\d.]+ pkts\nelephants [\d.]+ pkts\nflow \d+ [\d.]+ pkts$/],
  ['chart-delay', /^at [\d.]+ µs\nraw RTT [\d.]+ µs\nsignal [\d.]+ µs\ntarget [\d.]+ µs$/],
  ['chart-queue', /^at [\d.]+ µs(\n\S+ [\d.]+ KiB)+$/],
  ['chart-fct', /^FCT ≤ [\d.]+ µs\n\d+ % finished \(\d+ of \d+\)$/],
  ['chart-flows', /^at [\d.]+ µs\n\d+ running, \d+ finished, \d+ yet to start\nflow \d+: host \d+ → \d+, .+ µs.*$/],
];
for (const [id, form] of charts) {
  const b = await box(id);
  await page.mouse.move(b.x + b.w * 0.6, b.y + b.h * 0.35);
  await page.waitForTimeout(150);
  const r = await readout();
  check(`${id}: the pointer reads every series`, form.test(r), r);
}
if (shot) {
  await page.screenshot({ path: shot });
}
await page.mouse.move(5, 5);
await page.waitForTimeout(150);
check('leaving the chart hides the readout', (await readout()) === '', await readout());

// the reference lines are named in the legends (drawn on the canvas: the page's text
// alternative does not hold them, so the readout and the legend keys are checked natively too)
// a drag zooms every time chart; the reset button says so
let b = await box('chart-cwnd');
const before = await pixels('chart-delay');
await page.mouse.move(b.x + b.w * 0.3, b.y + b.h * 0.4);
await page.mouse.down();
await page.mouse.move(b.x + b.w * 0.45, b.y + b.h * 0.4, { steps: 4 });
await page.mouse.up();
await drawn();
const reset = await page.evaluate(() => document.querySelector('#reset-zoom')?.textContent || '');
check('a drag zooms the time charts', /zoomed to [\d.]+–[\d.]+ µs/.test(reset), reset);
check('the other time charts follow the zoom', (await pixels('chart-delay')) !== before);
b = await box('chart-cwnd');
await page.mouse.move(b.x + b.w * 0.6, b.y + b.h * 0.35);
await page.waitForTimeout(150);
const zoomed = parseFloat((await readout()).slice(3));
const range = reset.match(/([\d.]+)–([\d.]+)/).slice(1).map(parseFloat);
check('the readout reads the zoomed range', zoomed >= range[0] && zoomed <= range[1], { zoomed, range });
await page.mouse.dblclick(b.x + b.w * 0.6, b.y + b.h * 0.35);
await drawn();
check('a double-click shows the whole run',
  !(await page.evaluate(() => !!document.querySelector('#reset-zoom'))));
await page.mouse.move(b.x + b.w * 0.3, b.y + b.h * 0.4);
await page.mouse.down();
await page.mouse.move(b.x + b.w * 0.5, b.y + b.h * 0.4, { steps: 4 });
await page.mouse.up();
await drawn();
await page.click('#reset-zoom');
await drawn();
check('the reset button shows the whole run',
  !(await page.evaluate(() => !!document.querySelector('#reset-zoom'))));

// a legend entry hides its series (the mean, the legend's second entry) and shows it again
b = await box('chart-cwnd');
const whole = await pixels('chart-cwnd');
// the legend strip is the chart's last rows: find the entry by reading with the pointer
await page.mouse.move(b.x + b.w * 0.6, b.y + b.h * 0.35);
await page.waitForTimeout(150);
const shown = await readout();
// the legend's rows are the canvas' last ones, 19 px each: its first row holds the series
let hid = null;
for (const up of [33, 14]) {
  for (let x = 30; x < b.w && !hid; x += 24) {
    await page.mouse.click(b.x + x, b.y + b.h - up);
    await drawn();
    await page.mouse.move(b.x + b.w * 0.6, b.y + b.h * 0.35);
    await page.waitForTimeout(150);
    if ((await readout()) !== shown) hid = [b.x + x, b.y + b.h - up];
  }
}
const after = await readout();
check('a legend entry hides its series from the chart and the readout', !!hid && (await pixels('chart-cwnd')) !== whole,
  { shown, after });
if (hid) {
  await page.mouse.click(...hid);
  await drawn();
  await page.mouse.move(b.x + b.w * 0.6, b.y + b.h * 0.35);
  await page.waitForTimeout(150);
}
check('clicked again, it shows the series again', (await readout()) === shown, await readout());

// on a phone, a finger's tap reads, with real touch events (after a tap the browser says the
// finger left the chart at once), and the readout stays until the next press elsewhere
await page.setViewportSize({ width: 390, height: 844 });
await drawn();
const { touch, tap: tapAndWait } = await fingers(page);
const tap = (x, y) => tapAndWait(x, y, 600);
b = await box('chart-delay');
await tap(b.x + b.w * 0.6, b.y + b.h * 0.35);
check('a tap on a phone reads the chart, and the readout stays after the finger lifts',
  /^at [\d.]+ µs\nraw RTT/.test(await readout()), await readout());
await tap(3, b.y - 30);
check('a tap elsewhere takes the readout away', (await readout()) === '', await readout());

// two fingers pinch the time charts: spread apart, they zoom in
b = await box('chart-delay');
const y = Math.round(b.y + b.h * 0.35);
const at = f => Math.round(b.x + b.w * f);
// the time under the first finger, read by a tap
await page.mouse.click(at(0.4), y);
await page.waitForTimeout(150);
const under = parseFloat((await readout()).slice(3));
await touch('touchStart', [{ x: at(0.4), y, id: 1 }, { x: at(0.5), y, id: 2 }]);
for (const f of [0.6, 0.7, 0.8, 0.9]) {
  await touch('touchMove', [{ x: at(0.4), y, id: 1 }, { x: at(f), y, id: 2 }]);
  await page.waitForTimeout(30);
}
await touch('touchEnd', []);
await drawn();
const pinched = await page.evaluate(() => document.querySelector('#reset-zoom')?.textContent || '');
const [lo, hi] = (pinched.match(/([\d.]+)–([\d.]+)/) || []).slice(1).map(parseFloat);
// a pinch keeps the first finger's time under it (a drag of the second finger alone would zoom
// to a range right of it)
check('two fingers spread apart zoom the time charts in, around the time under the still finger',
  /zoomed to/.test(pinched) && lo < under && under < hi, { pinched, under });
await finish();
