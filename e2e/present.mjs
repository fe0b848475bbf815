// The presentation layout at a projector's 1280×720, as a class runs it from a clicker: opens
// the page, presses P, and runs every step of the class story with Page Down alone (a press
// runs the step shown, the next press shows the next step), the class answering each step's
// question by a number key before its run. At each step it checks that the key picked the
// answer, that after the run the answer the run supports is marked and said against the pick,
// that the address bar follows the step (story=N&present=1), that the key card is on screen, that the
// answer, the step's Look for line, the network picture (but for the theory step; the decision view for
// a step about the median's decision) and the step's chart fit the screen (a lockstep step's chart
// reading both runs)
// without scrolling, that each canvas is drawn at its displayed size times the pixel ratio
// (never stretched), and that no visible text is under 16 px. Saves a screenshot per step;
// prints a JSON summary; exits non-zero on failure.
// Usage: node e2e/present.mjs BASE_URL SHOT_PREFIX
import { launch } from './chromium.mjs';

const [base, prefix] = process.argv.slice(2);
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
const errors = [];
page.on('pageerror', e => errors.push(String(e)));
await page.goto(`${base}/`);
await page.waitForSelector('#present', { timeout: 60000 });
await page.keyboard.press('p');
await page.waitForSelector('main.present #story-run');
const fits = s => Object.values(s.placed).every(Boolean) && !s.scrolls && !s.small.length && !s.stretched.length
  && s.address.includes(`story=${s.step}`) && s.address.includes('present=1');
// the step on screen: what is placed, stretched, scrolled or too small
const measure = () => page.evaluate(() => {
  const shown = el => el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const inside = el => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight + 1 && r.left >= 0 && r.right <= innerWidth + 1; };
  const point = [...document.querySelector('main').classList].find(c => c.startsWith('point-'))?.slice(6);
  // after its run a step shows the answer the run supports in place of its narration
  const needed = { answer: '#story-answer', look: '.story p.hint', chart: `#${point}`, keys: '#key-card' };
  // a step about the median's decision shows the followed flow's decision in the picture's place
  if (document.querySelector('main.present-decision')) needed.decision = '#chart-decision';
  else if (point !== 'chart-theory') needed.network = '#network';
  const placed = Object.fromEntries(Object.entries(needed).map(([k, sel]) => {
    const el = document.querySelector(sel);
    return [k, shown(el) && inside(el)];
  }));
  // a canvas's bitmap is its displayed size times the pixel ratio, within a pixel
  const stretched = Object.entries(needed).filter(([k]) => !['answer', 'look', 'keys'].includes(k)).flatMap(([k, sel]) => {
    const c = document.querySelector(sel);
    const [w, h] = [c.clientWidth * devicePixelRatio, c.clientHeight * devicePixelRatio];
    return Math.abs(c.width - w) > 1.5 || Math.abs(c.height - h) > 1.5 ? [`${k}: ${c.width}x${c.height} shown at ${w}x${h}`] : [];
  });
  const small = [];
  for (const el of document.querySelectorAll('main *')) {
    if (!shown(el) || el.closest('svg')) continue;
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (own && size < 16) small.push(`${el.tagName.toLowerCase()}#${el.id}.${el.className}: ${size}px`);
  }
  return { point, placed, stretched, scrolls: document.documentElement.scrollHeight > innerHeight + 1,
           page_height: document.documentElement.scrollHeight, small: small.slice(0, 10),
           last: !document.querySelector('#story-next'), address: decodeURIComponent(location.hash) };
});
const steps = [];
for (let step = 1; ; step++) {
  // predict: the class answers the step's question by a number key, before the run
  const pick = (step - 1) % 2 + 1;
  await page.keyboard.press(String(pick));
  await page.waitForTimeout(200);
  const pressed = await page.evaluate(() => [...document.querySelectorAll('#story-ask .choice')].findIndex(b => b.getAttribute('aria-pressed') === 'true') + 1);
  if (pressed !== pick) errors.push(`step ${step}: the key ${pick} picked answer ${pressed}`);
  await page.screenshot({ path: `${prefix}-step${step}-before.png` });
  await page.keyboard.press('PageDown');
  const theory = await page.evaluate(() => document.querySelector('main').classList.contains('point-chart-theory'));
  const status = theory ? '#theory-status' : '#status';
  await page.waitForFunction(s => /^done/.test(document.querySelector(s)?.textContent || ''), status, { timeout: 180000 });
  // a step beside a lockstep partner answers once both runs are done
  await page.waitForFunction(() => /^The run supports/.test(document.querySelector('#story-answer')?.textContent || ''),
    null, { timeout: 180000 }).catch(() => {});
  // the canvases are measured and drawn again on the frames after the run: the step is looked
  // at once they settle (up to 10 s: a cold page on a busy two-core machine still warms its
  // chart code up in tasks of its own), then judged
  let check;
  for (let tries = 0; tries < 20; tries++) {
    await page.waitForTimeout(tries ? 500 : 800);
    check = { step, ...await measure() };
    if (fits(check)) break;
  }
  // a step about the median's decision draws the followed flow's decision once its trace has come
  const [about, shown] = await page.evaluate(() => [/^Look for: The decision view/.test(document.querySelector('.story p.hint')?.textContent || ''),
    !!document.querySelector('main.present-decision')]);
  if (about !== shown) errors.push(`step ${step}: its Look for ${about ? 'names' : 'does not name'} the decision view, which is ${shown ? '' : 'not '}shown`);
  if (shown) {
    const traced = await page.waitForFunction(() => /^Decision \d+ of \d+/.test(document.querySelector('#decision-sentence')?.textContent || ''),
      null, { timeout: 60000 }).then(() => true, () => false);
    if (!traced) errors.push(`step ${step}: the decision view has no trace`);
    await page.waitForTimeout(500);
  }
  await page.screenshot({ path: `${prefix}-step${step}.png` });
  // a lockstep step draws both runs into its one window chart, on one time and window axis: the
  // pointer reads both means there
  if (await page.evaluate(() => !!document.querySelector('.stages.paired'))) {
    const b = await page.evaluate(sel => {
      const r = document.querySelector(sel).getBoundingClientRect();
      return { x: r.left, y: r.top, w: r.width, h: r.height };
    }, `#${check.point}`);
    await page.mouse.move(b.x + b.w * 0.5, b.y + b.h * 0.4);
    await page.waitForTimeout(300);
    const read = await page.evaluate(() => document.querySelector('#readout')?.textContent || '');
    if (!/^at [\d.]+ µs\nmean [\d.]+ pkts\n\w+ in lockstep: mean [\d.]+ pkts/.test(read)) {
      errors.push(`step ${step}: its chart does not read both runs of the lockstep pair: ${JSON.stringify(read)}`);
    }
    check.lockstep = read.split('\n')[2];
    await page.mouse.move(2, 2);
  }
  // observe, explain: the answer the run supports, marked, and said against the class's pick
  const answer = await page.evaluate(() => ({
    text: document.querySelector('#story-answer')?.textContent || '',
    marked: [...document.querySelectorAll('#story-ask .choice')].findIndex(b => b.classList.contains('supported')) + 1,
  }));
  const said = answer.text.match(/^The run supports (\d): [^.]+\. The class predicted (it\.|(\d): the run says otherwise\.)$/);
  if (!said || Number(said[1]) !== answer.marked || (said[3] ? Number(said[3]) !== pick || answer.marked === pick : answer.marked !== pick)) {
    errors.push(`step ${step}: the answer ${JSON.stringify(answer)} after picking ${pick}`);
  }
  check.answer = answer.text;
  steps.push(check);
  if (check.last) break;
  await page.keyboard.press('PageDown');
  await page.waitForFunction(n => location.hash.includes(`story=${n}`), step + 1, { timeout: 5000 });
  await page.waitForTimeout(300);
}
// the last step stays where it is
await page.keyboard.press('PageDown');
await page.waitForTimeout(300);
const stays = await page.evaluate(() => location.hash.includes('story=5') && /step 5 of 5/.test(document.querySelector('.story h2')?.textContent || ''));
if (!stays) errors.push('Page Down at the last step moved the story');
console.log(JSON.stringify({ steps, errors }, null, 1));
await browser.close();
const ok = steps.length === 5 && steps.every(fits) && !errors.length;
// what did not fit, where the CI log shows it (the script's caller keeps only the last line)
for (const s of steps.filter(s => !fits(s))) console.error(`step ${s.step} does not fit: ${JSON.stringify(s)}`);
console.log(`presentation: ${ok ? 'every step fits' : 'a step does not fit'} 1280x720 (${steps.filter(fits).length} of ${steps.length} steps)`);
if (!ok) process.exit(1);
