// A large fat-tree's network picture, pod by pod: a k = 32 run (8192 hosts, small flows) draws
// its 32 pods as blocks; a click on a block opens that pod (the picture changes, its label names
// the pod), a tap on a phone too; the label at the top left goes back to all pods, the same
// pixels as before. Saves the two pictures at 1280x720 and the open pod at 390x844. Prints one
// line per check and a closing count; exits non-zero on a failure.
// Usage: node e2e/pods.mjs BASE_URL SHOT_PREFIX
import { checking } from './checks.mjs';

const [base, prefix] = process.argv.slice(2);
const { page, check, finish } = await checking('pods');
const link = '#k=32&flow-size=16KiB&run=1';
const pixels = () => page.evaluate(() => {
  const c = document.querySelector('#network');
  return c.toDataURL();
});
const net = async () => {
  const box = await (await page.$('#network')).boundingBox();
  // the plot is the canvas above its 30 px colour key (web/network.rs: KEY_H)
  return { ...box, plotH: box.height - 30 };
};
// a click at unit coordinates of the picture's plot
const at = async (x, y, how = 'click') => {
  const n = await net();
  const p = { x: n.x + x * n.width, y: n.y + y * n.plotH };
  if (how === 'tap') await page.touchscreen.tap(p.x, p.y);
  else await page.mouse.click(p.x, p.y);
  await page.waitForTimeout(600);
};
// the middle of pod 5's block (src/session/layout/pods.rs: 32 blocks across the width, rows 0.40 to 0.92)
const pod5 = [0.02 + 0.96 * 5.5 / 32, 0.66];
const back = [0.05, 0.045];

const open = async viewport => {
  await page.setViewportSize(viewport);
  await page.goto(`${base}/${link}`);
  await page.waitForFunction(() => /^done/.test(document.querySelector('#status')?.textContent || ''),
    null, { timeout: 120000 });
  await page.locator('#network').scrollIntoViewIfNeeded();
  await page.waitForTimeout(800);
  return pixels();
};

const all = await open({ width: 1280, height: 720 });
await page.locator('#network').screenshot({ path: `${prefix}-all.png` });
await at(...pod5);
const opened = await pixels();
check('a click on a block opens its pod', opened !== all, null);
await page.locator('#network').screenshot({ path: `${prefix}-pod.png` });
await at(...back);
check('the label at the top left goes back to all pods, as drawn before', (await pixels()) === all, null);

const phone = await page.context().browser().newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
const p2 = await phone.newPage();
await p2.goto(`${base}/${link}`);
await p2.waitForFunction(() => /^done/.test(document.querySelector('#status')?.textContent || ''), null, { timeout: 120000 });
await p2.locator('#network').scrollIntoViewIfNeeded();
await p2.waitForTimeout(800);
const before = await p2.evaluate(() => document.querySelector('#network').toDataURL());
const box = await (await p2.$('#network')).boundingBox();
await p2.touchscreen.tap(box.x + pod5[0] * box.width, box.y + pod5[1] * (box.height - 30));
await p2.waitForTimeout(600);
const after = await p2.evaluate(() => document.querySelector('#network').toDataURL());
check('a tap on a phone opens a pod too', after !== before, null);
await p2.locator('#network').screenshot({ path: `${prefix}-phone-pod.png` });
await phone.close();
await finish();
