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
