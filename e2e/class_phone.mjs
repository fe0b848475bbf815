// A student's phone following the class (390x844, 3x, real touch events): opens class mode at
// step 1 and at every step taps an answer to its question, taps "Run this step", and checks
// that the step's chart was brought into view for the run, that a tap on it shows its readout
// (the theory step's chart has its table instead) and that the readout stays once the finger
// lifts, and that the step's answer is said; then taps "Next step". Saves a screenshot per
// step; prints one line per check and exits non-zero on a failure.
// Usage: node e2e/class_phone.mjs BASE_URL SHOT_PREFIX
import { checking, fingers } from './checks.mjs';

const [base, prefix] = process.argv.slice(2);
const { page, check, finish } = await checking('class on a phone', {
  viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true,
});
const { tap } = await fingers(page);
// the part of an element inside the viewport, or null
const visible = sel => page.evaluate(s => {
  const r = document.querySelector(s)?.getBoundingClientRect();
  if (!r) return null;
  const top = Math.max(r.top, 0), bottom = Math.min(r.bottom, innerHeight);
  return bottom - top > 0 ? { x: r.left + r.width / 2, top, bottom, shown: (bottom - top) / r.height } : null;
}, sel);
const tapOn = async sel => {
  await page.evaluate(s => document.querySelector(s)?.scrollIntoView({ block: 'center' }), sel);
  await page.waitForTimeout(300);
  const v = await visible(sel);
  if (v) await tap(v.x, (v.top + v.bottom) / 2);
  return !!v;
};
const readout = () => page.evaluate(() => {
  const r = document.querySelector('#readout');
  return r && !r.hidden ? r.textContent : '';
});

await page.goto(`${base}/#story=1`);
await page.waitForSelector('#story-run', { timeout: 60000 });
for (let step = 1; step <= 5; step++) {
  await page.waitForFunction(n => new RegExp(`step ${n} of 5`).test(document.querySelector('.story h2')?.textContent || ''),
    step, { timeout: 10000 });
  // predict: the student taps the first answer
  await tapOn('#story-ask .choice');
  const picked = await page.evaluate(() => document.querySelector('#story-ask .choice')?.getAttribute('aria-pressed'));
  check(`step ${step}: a tap picks an answer`, picked === 'true', picked);
  await tapOn('#story-run');
  const point = await page.evaluate(() => [...document.querySelector('main').classList].find(c => c.startsWith('point-'))?.slice(6));
  const theory = point === 'chart-theory';
  await page.waitForFunction(s => /^done/.test(document.querySelector(s)?.textContent || ''),
    theory ? '#theory-status' : '#status', { timeout: 180000 });
  await page.waitForFunction(() => /^The run supports/.test(document.querySelector('#story-answer')?.textContent || ''),
    null, { timeout: 180000 }).catch(() => {});
  await page.waitForTimeout(800);
  // observe: the step's chart is on the screen without the student scrolling to it
  const inView = await visible(`#${point}`);
  check(`step ${step}: its chart (${point}) is brought into view`, inView && inView.shown > 0.8, inView);
  if (!theory && inView) {
    await tap(inView.x, inView.top + (inView.bottom - inView.top) * 0.4);
    const read = await readout();
    check(`step ${step}: a tap on its chart reads it, and the readout stays after the finger lifts`,
      /^(at|FCT ≤) [\d.]+ µs\n/.test(read), read);
  }
  await page.screenshot({ path: `${prefix}-step${step}.png` });
  const answer = await page.evaluate(() => document.querySelector('#story-answer')?.textContent || '');
  check(`step ${step}: the answer the run supports is said`, /^The run supports \d: /.test(answer), answer);
  if (step < 5) {
    await tapOn('#story-next');
  }
}
await finish();
