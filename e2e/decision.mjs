// The median's decision at the cursor in a browser (src/session/decisions.rs): once a run has
// finished the worker traces the followed flow, the decision view says what the CCA saw and did,
// ↓ ↑ and the buttons move the cursor decision by decision (the chart and the sentence follow),
// and under Swift the latest sample decides. Prints one line per check and a closing count;
// exits non-zero on a failure.
// Usage: node e2e/decision.mjs BASE_URL [SCREENSHOT.png]
import { checking } from './checks.mjs';

const [base, shot] = process.argv.slice(2);
const { page, check, finish } = await checking('decision');
const sentence = () => page.evaluate(() => document.querySelector('#decision-sentence')?.textContent || '');
const pixels = () => page.evaluate(() => document.getElementById('chart-decision').toDataURL());
const cursor = () => page.evaluate(() => parseFloat(document.querySelector('#scrub')?.value ?? 'NaN'));
const traced = () => page.waitForFunction(
  () => /^Decision \d+ of \d+/.test(document.querySelector('#decision-sentence')?.textContent || '')
    || document.querySelector('#decision-next')?.disabled === false,
  null, { timeout: 60000 });

for (const cca of ['mswift', 'swift']) {
  await page.goto(`${base}/#k=4&elephants=2&flow-size=1MiB&cca=${cca}&run=1`);
  await page.waitForFunction(() => /^done/.test(document.querySelector('#status')?.textContent || ''),
    null, { timeout: 120000 });
  await traced();
  await page.evaluate(() => document.getElementById('chart-decision')?.scrollIntoView({ block: 'center' }));
  // at the run's end the cursor is past the last decision: that one is shown
  const last = await sentence();
  const m = last.match(/^Decision (\d+) of (\d+) at ([\d.]+) µs/);
  check(`${cca}: the view shows the flow's last decision at the run's end`, !!m && m[1] === m[2], last);
  const statistic = cca === 'mswift' ? /the median of the last \d+ RTTs is [\d.]+ µs, (above|below) the target [\d.]+ µs/
    : /it decides on the latest RTT, [\d.]+ µs, (above|below) the target [\d.]+ µs/;
  check(`${cca}: it says what the CCA decided on against its target`, statistic.test(last), last);
  check(`${cca}: and what it did to cwnd`, /; (cwnd grew|cwnd stayed|the cut was held back \(at most one per RTT\)|cwnd was cut[^(]*) \([\d.]+ → [\d.]+ packets, [-+][\d.]+\)\.$/.test(last), last);
  // Home, then ↓: the first decision
  await page.keyboard.press('Home');
  await page.waitForTimeout(200);
  const before = await pixels();
  await page.keyboard.press('ArrowDown');
  await page.waitForTimeout(400);
  const first = await sentence();
  check(`${cca}: ↓ from the start goes to the first decision`, /^Decision 1 of /.test(first), first);
  await page.keyboard.press('Shift+ArrowDown');
  await page.waitForTimeout(400);
  const eleventh = await sentence();
  check(`${cca}: Shift+↓ steps ten decisions`, /^Decision 11 of /.test(eleventh), eleventh);
  check(`${cca}: the chart follows the decision`, (await pixels()) !== before);
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(400);
  const tenth = await sentence();
  check(`${cca}: ↑ steps back one`, /^Decision 10 of /.test(tenth), tenth);
  // the buttons do what the keys do
  await page.click('#decision-next');
  await page.waitForTimeout(400);
  check(`${cca}: the next button steps on`, /^Decision 11 of /.test(await sentence()), await sentence());
  await page.click('#decision-prev');
  await page.waitForTimeout(400);
  const at = parseFloat((await sentence()).match(/ at ([\d.]+) µs/)?.[1] ?? 'NaN');
  const scrub = await cursor();
  check(`${cca}: the playback cursor stands at the decision`, Math.abs(scrub - at) < 0.006, { at, scrub });
  if (shot && cca === 'mswift') {
    await page.screenshot({ path: shot, fullPage: false });
  }
}
await finish();
