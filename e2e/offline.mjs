// The site offline: serves DIST on a server of its own, opens the page until its service worker
// controls it, stops the server, then opens a run=1 link: the page, its worker and the run must
// come from the cache. Also checks the web app manifest. Prints a JSON summary; exits non-zero
// on failure.
// Usage: node e2e/offline.mjs DIST
import { launch } from './chromium.mjs';
import { spawn } from 'node:child_process';
import { once } from 'node:events';

const [dist] = process.argv.slice(2);
const server = spawn('python3', ['e2e/serve.py', dist, '/spraylab/'], { stdio: ['ignore', 'pipe', 'inherit'] });
const [chunk] = await once(server.stdout, 'data');
const base = `http://127.0.0.1:${String(chunk).split('\n')[0].trim()}/spraylab`;
const browser = await launch();
const fail = async message => {
  console.error(`offline: ${message}`);
  server.kill();
  await browser.close();
  process.exit(1);
};
const page = await browser.newPage();
const errors = [];
page.on('pageerror', e => errors.push(String(e)));
await page.goto(`${base}/`);
await page.waitForFunction(async () => {
  await navigator.serviceWorker.ready;
  return navigator.serviceWorker.controller !== null;
}, null, { timeout: 60000 }).catch(() => fail('the service worker never took control'));
const manifest = await page.evaluate(async () => {
  const link = document.querySelector('link[rel=manifest]');
  return link ? (await (await fetch(link.href)).json()) : null;
});
if (!manifest || !manifest.name || !manifest.icons?.length) await fail(`no usable manifest: ${JSON.stringify(manifest)}`);
server.kill();
await once(server, 'exit');
await page.goto('about:blank');
const t0 = Date.now();
await page.goto(`${base}/#k=4&elephants=2&flow-size=256KiB&run=1`).catch(e => fail(`the page did not load offline: ${e}`));
await page.waitForFunction(() => (document.querySelector('#status')?.textContent || '').startsWith('done: CCT'),
  null, { timeout: 60000 }).catch(async () => fail(`no run offline: ${await page.textContent('#status').catch(() => '?')}`));
const status = await page.textContent('#status');
console.log(JSON.stringify({ offline: true, manifest: manifest.short_name, status, ms: Date.now() - t0, errors }, null, 1));
await browser.close();
if (errors.length) process.exit(1);
