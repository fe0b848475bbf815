// Lockstep at a laptop's 1280×720 and a phone's 390×844: opens a link that runs MSwift with
// Swift beside it (`beside=cca:swift&run=1`), waits for both runs, and checks where the
// partner's stage sits: beside the main stage on the laptop (its picture to the right of the
// main picture, their tops level, and so the two window charts'), under it on the phone (its picture below the main run's last
// chart), with no sideways scrolling. Saves a screenshot of the run's section per viewport;
// prints a JSON summary; exits non-zero on failure.
// Usage: node e2e/lockstep.mjs BASE_URL SHOT_PREFIX
import { launch } from './chromium.mjs';

const [base, prefix] = process.argv.slice(2);
const link = `${base}/#k=4&elephants=2&flow-size=256KiB&seed=2&beside=cca:swift&run=1`;
const browser = await launch();
const problems = [];
for (const [w, h] of [[1280, 720], [390, 844]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h }, isMobile: w < 600, hasTouch: w < 600 });
  const errors = [];
  page.on('pageerror', e => errors.push(String(e)));
  await page.goto(link);
  await page.waitForFunction(() => (document.querySelector('#partner-status')?.textContent || '').startsWith('done'),
    null, { timeout: 120000 });
  await page.waitForTimeout(600);
  const at = await page.evaluate(() => {
    const box = sel => { const r = document.querySelector(sel)?.getBoundingClientRect(); return r && { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; };
    return {
      main: box('#network'), partner: box('#network-2'), last_chart: box('#chart-fct'),
      cwnd: box('#chart-cwnd'), partner_cwnd: box('#chart-cwnd-2'),
      title: document.querySelector('#partner-title')?.textContent,
      difference: document.querySelector('#lockstep-diff')?.textContent,
      address: location.hash,
      scrolls_sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    };
  });
  await page.locator('section.run').screenshot({ path: `${prefix}-${w}x${h}.png` });
  const where = `${w}x${h}`;
  if (!at.main || !at.partner) problems.push(`${where}: a network picture is missing`);
  else if (w >= 1000) {
    if (!(at.partner.left >= at.main.right)) problems.push(`${where}: the partner is not to the right of the main picture`);
    if (Math.abs(at.partner.top - at.main.top) > 40) problems.push(`${where}: the pictures' tops differ by ${Math.round(at.partner.top - at.main.top)} px`);
    if (Math.abs(at.partner_cwnd.top - at.cwnd.top) > 40) problems.push(`${where}: the window charts' tops differ by ${Math.round(at.partner_cwnd.top - at.cwnd.top)} px`);
  } else if (!(at.partner.top >= at.last_chart.bottom)) problems.push(`${where}: the partner is not under the main stage`);
  if (at.scrolls_sideways) problems.push(`${where}: the page scrolls sideways`);
  if (!String(at.title).startsWith('swift over ops: done')) problems.push(`${where}: partner title ${at.title}`);
  if (!String(at.address).includes('beside=cca:swift')) problems.push(`${where}: the address bar lost the partner: ${at.address}`);
  if (errors.length) problems.push(`${where}: page errors ${errors.join(' | ')}`);
  console.log(JSON.stringify({ viewport: where, ...at, errors }, null, 1));
  await page.close();
}
await browser.close();
for (const p of problems) console.log(`lockstep layout problem: ${p}`);
console.log(problems.length ? 'lockstep layout: 0 passed, 1 failed' : 'lockstep layout: 2 viewports passed');
process.exit(problems.length ? 1 : 0);
