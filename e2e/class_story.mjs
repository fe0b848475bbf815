// Walks the class story as a teacher would at a projector (1280x720): opens class mode, runs
// the first steps, slows one down, pauses, scrubs back, clicks the hottest link, and saves a
// viewport screenshot at each stop. Prints what each step showed.
// Usage: node e2e/class_story.mjs URL SHOT_PREFIX
import { launch } from './chromium.mjs';

const [url, prefix] = process.argv.slice(2);
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
const errors = [];
page.on('pageerror', e => errors.push(String(e)));
const status = () => page.evaluate(() => document.querySelector('#status')?.textContent);
const done = () => page.waitForFunction(() => /^(done|failed)/.test(document.querySelector('#status')?.textContent || ''),
  null, { timeout: 180000 });
await page.goto(url);
await page.waitForSelector('#story-open');
await page.waitForTimeout(1000);
await page.click('#story-open');
const log = [];
for (let step = 1; step <= 2; step++) {
  await page.click('#story-run');
  await done();
  await page.waitForTimeout(400);
  await page.locator('#play').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${prefix}-step${step}.png` });
  log.push({ step, status: await status() });
  await page.click('#story-next');
}
// step 3: MSwift in slow motion; watch for a few seconds, pause, scrub back, click a hot link
await page.click('#story-run');
await page.waitForTimeout(6000);
await page.locator('#play').scrollIntoViewIfNeeded();
await page.screenshot({ path: `${prefix}-step3-live.png` });
const live = await page.evaluate(() => document.querySelector('#cursor-text')?.textContent);
await page.click('#play'); // pause the view; the run goes on behind it
await page.waitForTimeout(300);
await page.evaluate(() => {
  const s = document.querySelector('#scrub');
  s.value = String(Number(s.max) * 0.5);
  s.dispatchEvent(new Event('input', { bubbles: true }));
});
await page.waitForTimeout(400);
// the hottest link: click where the network is reddest
const box = await page.locator('#network').boundingBox();
const hot = await page.evaluate(() => {
  const c = document.querySelector('#network');
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let best = [0, 0, -1];
  for (let y = 0; y < c.height - 40; y += 2) for (let x = 0; x < c.width; x += 2) {
    const i = (y * c.width + x) * 4;
    const red = d[i] - (d[i + 1] + d[i + 2]) / 2;
    if (red > best[2] && d[i] < 240) best = [x, y, red];
  }
  return [best[0] / c.width, best[1] / c.height];
});
await page.mouse.click(box.x + hot[0] * box.width, box.y + hot[1] * box.height);
await page.waitForTimeout(500);
await page.screenshot({ path: `${prefix}-step3-scrubbed.png` });
log.push({
  step: 3, live_cursor: live, status: await status(),
  selection: await page.evaluate(() => document.querySelector('#selection')?.textContent),
  cursor: await page.evaluate(() => document.querySelector('#cursor-text')?.textContent),
});
console.log(JSON.stringify({ log, errors }, null, 1));
await browser.close();
