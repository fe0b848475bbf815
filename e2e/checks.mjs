// A page in headless Chromium and a list of checks on it, for the scripts that print one line
// per check and a closing count (keys.mjs, links.mjs, files.mjs): `check` records and prints a
// check, `finish` closes the browser, counts a page error as a failure, prints the count and
// exits non-zero on a failure.
import { launch } from './chromium.mjs';

export async function checking(name, options) {
  const browser = await launch();
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 }, ...options });
  const errors = [];
  page.on('pageerror', e => errors.push(String(e)));
  let passed = 0, failed = 0;
  const check = (what, ok, seen) => {
    ok ? passed++ : failed++;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${ok ? '' : `: ${JSON.stringify(seen)}`}`);
  };
  const finish = async () => {
    console.log(JSON.stringify({ errors }));
    await browser.close();
    if (errors.length) failed++;
    console.log(`${name}: ${passed} passed, ${failed} failed`);
    if (failed) process.exit(1);
  };
  return { page, check, finish };
}

// A finger on `page`, through the DevTools protocol's touch events (a real touch screen's, not
// mouse events): `touch` sends one, `tap` puts a finger down at (x, y) and lifts it.
export async function fingers(page) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, points) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
  const tap = async (x, y, settle = 400) => {
    await touch('touchStart', [{ x: Math.round(x), y: Math.round(y), id: 1 }]);
    await touch('touchEnd', []);
    await page.waitForTimeout(settle);
  };
  return { touch, tap };
}
