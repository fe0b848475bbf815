// The presentation layout at a projector's 1280×720: opens the page, presses P, runs the class
// story's first step, and checks that the narration, the network picture and the step's chart
// fit the screen without scrolling, with no visible text under 16 px. Saves a screenshot; prints
// a JSON summary; exits non-zero on failure.
// Usage: node e2e/present.mjs BASE_URL SHOT.png
import { launch } from './chromium.mjs';

const [base, shot] = process.argv.slice(2);
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
const errors = [];
page.on('pageerror', e => errors.push(String(e)));
await page.goto(`${base}/`);
await page.waitForSelector('#present', { timeout: 60000 });
await page.keyboard.press('p');
await page.waitForSelector('main.present #story-run');
await page.click('#story-run');
await page.waitForFunction(() => (document.querySelector('#status')?.textContent || '').startsWith('done'),
  null, { timeout: 120000 });
await page.waitForTimeout(500);
await page.screenshot({ path: shot });
const check = await page.evaluate(() => {
  const shown = el => el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const inside = el => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight + 1; };
  const point = [...document.querySelector('main').classList].find(c => c.startsWith('point-'))?.slice(6);
  const needed = { narration: '#story-narration', network: '#network', chart: `#${point}` };
  const placed = Object.fromEntries(Object.entries(needed).map(([k, sel]) => {
    const el = document.querySelector(sel);
    return [k, shown(el) && inside(el)];
  }));
  const small = [];
  for (const el of document.querySelectorAll('main *')) {
    if (!shown(el) || el.closest('svg')) continue;
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (own && size < 16) small.push(`${el.tagName.toLowerCase()}#${el.id}.${el.className}: ${size}px`);
  }
  return { point, placed, scrolls: document.documentElement.scrollHeight > innerHeight + 1,
           page_height: document.documentElement.scrollHeight, small: small.slice(0, 10) };
});
console.log(JSON.stringify({ ...check, errors }, null, 1));
await browser.close();
const ok = Object.values(check.placed).every(Boolean) && !check.scrolls && !check.small.length && !errors.length;
console.log(`presentation: ${ok ? 'fits' : 'does not fit'} 1280x720`);
if (!ok) process.exit(1);
