// The page on a phone (390x844, touch): every control a finger uses is at least 44 px in both
// dimensions (terms, words inside sentences, at least 44 px tall), and every definition opens
// inside the screen. Prints the ones that are not and a closing count; exits non-zero on a
// failure.
// Usage: node e2e/phone.mjs URL
import { launch } from './chromium.mjs';

const [url] = process.argv.slice(2);
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
const errors = [];
page.on('pageerror', e => errors.push(String(e)));
await page.goto(url);
await page.waitForFunction(() => /^(done|Ready)/.test(document.querySelector('#status')?.textContent || ''), null, { timeout: 120000 });
await page.waitForTimeout(800);
const small = await page.evaluate(() => {
  const shown = el => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const out = [];
  const controls = 'button, select, input:not([type=file]):not([type=hidden]), summary, .open-file';
  for (const el of document.querySelectorAll(controls)) {
    if (!shown(el)) continue;
    // a checkbox counts by the label a finger presses
    const target = el.matches('input[type=checkbox]') ? el.closest('label') || el : el;
    const r = target.getBoundingClientRect();
    if (r.width < 44 || r.height < 44) out.push(`${el.tagName.toLowerCase()}#${el.id}: ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  for (const el of document.querySelectorAll('.term')) {
    if (!shown(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.height < 44) out.push(`term "${el.firstChild?.textContent}": ${Math.round(r.height)} px tall`);
  }
  return { out, controls: document.querySelectorAll(controls).length };
});
const off = [];
const terms = await page.locator('.term:visible').count();
for (let i = 0; i < terms; i++) {
  const t = page.locator('.term:visible').nth(i);
  await t.focus();
  const r = await t.evaluate(el => { const b = el.querySelector('.tip')?.getBoundingClientRect(); return b && { left: b.left, right: b.right, top: b.top, bottom: b.bottom, w: innerWidth, h: innerHeight }; });
  if (!r || r.left < 0 || r.right > r.w || r.top < 0 || r.bottom > r.h) off.push({ i, r });
}
console.log(JSON.stringify({ under_44: small.out.slice(0, 20), count_under_44: small.out.length, controls: small.controls, terms, off_screen: off.slice(0, 5), errors }, null, 1));
await browser.close();
const failed = (small.out.length ? 1 : 0) + (off.length ? 1 : 0) + (errors.length ? 1 : 0);
console.log(`phone: ${3 - failed} passed, ${failed} failed`);
if (failed) process.exit(1);
