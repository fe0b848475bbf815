// Hostile input does not take the page down: the three-line scenario file that once divided by
// zero in validation (an MSS of 0 with a buffer in packets) is refused in one line naming the
// MSS, as a file opened, as a link pasted into an open tab and as a link the page is loaded
// with; no page error is logged; and Run then runs the default scenario to its end. Prints one
// line per check and a closing count; exits non-zero on a failure.
// Usage: node e2e/hostile.mjs BASE_URL
import { checking } from './checks.mjs';

const [base] = process.argv.slice(2);
const { page, check, finish } = await checking('hostile');
const status = () => page.evaluate(() => document.querySelector('#status')?.textContent || '');
const messages = [];
page.on('console', m => messages.push(m.text()));
const file = '[topology]\nmss_bytes = 0\nbuffer_packets = 1\n';
const fields = 'topology.mss_bytes=0&topology.buffer_packets=1';
const refusal = /must be from 64 to 65536, got 0/;
const oneLine = s => s.length > 0 && !s.includes('\n');

await page.goto(`${base}/`);
await page.waitForSelector('#open-file', { state: 'attached', timeout: 60000 });
await page.setInputFiles('#open-file', { name: 'crash.toml', mimeType: 'text/plain', buffer: Buffer.from(file) });
await page.waitForTimeout(400);
const opened = await status();
check('the three-line file is refused in one line naming the MSS',
  /crash\.toml was refused \(topology\.mss_bytes/.test(opened) && refusal.test(opened) && oneLine(opened), opened);

await page.evaluate(f => { location.hash = f; }, `${fields}&run=1`);
await page.waitForTimeout(500);
const pasted = await status();
check('the same values as a pasted link are refused naming the MSS',
  /the link was refused \(topology\.mss_bytes/.test(pasted) && refusal.test(pasted) && oneLine(pasted), pasted);

await page.goto(`${base}/#${fields}&run=1`);
await page.waitForSelector('#run', { timeout: 60000 });
await page.waitForTimeout(500);
const loaded = await status();
check('and as the link the page loads with', /the link was refused \(topology\.mss_bytes/.test(loaded) && refusal.test(loaded), loaded);

await page.click('#run');
const ran = await page.waitForFunction(() => /^done/.test(document.querySelector('#status')?.textContent || ''), null,
  { timeout: 120000 }).then(() => true, () => false);
check('Run then runs the default scenario to its end', ran, await status());
const panics = messages.filter(m => /panicked|unreachable/i.test(m));
check('nothing panicked', panics.length === 0, panics);
await finish();
