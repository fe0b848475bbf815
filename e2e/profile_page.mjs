// Samples the page's main thread (Chrome's CPU profiler) while a `run=1` link runs to the end,
// and prints the 25 functions with the most self time.
// Usage: node e2e/profile_page.mjs URL   (the URL of a served dist/, with #run=1)
import { chromium } from 'playwright-core';
const [url] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1240, height: 1500 } });
const cdp = await page.context().newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(url);
await page.waitForFunction(() => (document.querySelector('#status')?.textContent || '').startsWith('done'), null, { timeout: 200000 });
const { profile } = await cdp.send('Profiler.stop');
// self time per function
const byId = new Map(profile.nodes.map(n => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
  const n = byId.get(profile.samples[i]);
  const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
  self.set(key, (self.get(key) || 0) + (dt[i] || 0) / 1000);
}
console.log([...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${v.toFixed(1)} ms  ${k}`).join('\n'));
await browser.close();
