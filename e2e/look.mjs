// Opens the SprayLab page in headless Chromium at a given viewport, waits for a `run=1` link's
// run to end (or for the page to load), and saves screenshots: the viewport, the whole page and
// the run's section. Prints what a layout check needs as JSON (horizontal overflow, elements
// past the right edge, canvas sizes) and fails when the page scrolls sideways, a run did not
// finish, or the page logged errors.
// Usage: node e2e/look.mjs URL SHOT_PREFIX WIDTH HEIGHT [SCALE]
import { launch } from './chromium.mjs';

const [url, prefix, w, h, scaleArg] = process.argv.slice(2);
const browser = await launch();
const page = await browser.newPage({
  viewport: { width: Number(w), height: Number(h) },
  deviceScaleFactor: Number(scaleArg || 1),
  isMobile: Number(w) < 600,
  hasTouch: Number(w) < 600,
});
const errors = [];
page.on('pageerror', e => errors.push(String(e)));
page.on('console', m => { if (m.type() === 'error') errors.push(m.text()); });
await page.goto(url);
await page.waitForSelector('#status', { timeout: 60000 });
if (url.includes('run=1')) {
  await page.waitForFunction(() => /^(done|failed|cancelled)/.test(document.querySelector('#status')?.textContent || ''),
    null, { timeout: 180000 });
}
await page.waitForTimeout(500);
const result = await page.evaluate(() => {
  const vw = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll('body *')]
    .map(e => [e, e.getBoundingClientRect()])
    .filter(([, r]) => r.right > vw + 1 && r.width > 0)
    .map(([e, r]) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${e.className}: right ${Math.round(r.right)}`);
  return {
    status: document.querySelector('#status')?.textContent,
    viewport_width: vw,
    scroll_width: document.documentElement.scrollWidth,
    overflowing: wide.slice(0, 8),
    canvases: [...document.querySelectorAll('canvas')].map(c => ({ id: c.id, css_width: c.clientWidth, px_width: c.width })),
  };
});
result.errors = errors;
await page.screenshot({ path: `${prefix}-view.png` });
await page.screenshot({ path: `${prefix}-full.png`, fullPage: true });
await page.locator('section.run').screenshot({ path: `${prefix}-run.png` });
console.log(JSON.stringify(result, null, 1));
await browser.close();
const problems = [];
if (result.scroll_width > result.viewport_width) problems.push(`the page scrolls sideways: ${result.scroll_width} px in ${result.viewport_width}`);
if (url.includes('run=1') && !String(result.status).startsWith('done: CCT')) problems.push(`status ${result.status}`);
if (errors.length) problems.push(`page errors: ${errors.join(' | ')}`);
for (const p of problems) console.log(`layout problem at ${w}x${h}: ${p}`);
console.log(problems.length ? 'layout: 0 passed, 1 failed' : 'layout: 1 passed, 0 failed');
process.exit(problems.length ? 1 : 0);
