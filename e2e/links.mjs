// Links behave like links in an open tab: a fragment pasted into the address bar, Back and
// Forward each replace the scenario and run it when the link says run=1; a link without it
// shows its scenario and no run; a sweep link with run=1 starts its sweep, says so in the
// status line and scrolls to it. Prints one line per check and a closing count; exits non-zero
// on a failure. Also: an embed=1 link shows the run's stage alone.
// Usage: node e2e/links.mjs BASE_URL
import { checking } from './checks.mjs';

const [base] = process.argv.slice(2);
const { page, check, finish } = await checking('links');
const status = () => page.evaluate(() => document.querySelector('#status')?.textContent || '');
const cca = () => page.inputValue('#f-cca');
// the run a link asked for, finished, with the CCA it names in the form
const ranWith = async want => {
  const ok = await page.waitForFunction(w => document.querySelector('#f-cca')?.value === w
      && /^done/.test(document.querySelector('#status')?.textContent || ''), want, { timeout: 60000 })
    .then(() => true, () => false);
  return ok;
};
const small = 'k=4&elephants=2&flow-size=1MiB';

await page.goto(`${base}/#${small}&cca=mswift&run=1`);
check('a run=1 link runs on load', await ranWith('mswift'), { cca: await cca(), status: await status() });
await page.evaluate(f => { location.hash = f; }, `${small}&cca=lswift&run=1`);
check('a pasted run=1 link replaces the scenario and runs it', await ranWith('lswift'),
  { cca: await cca(), status: await status() });
await page.goBack();
check('Back runs the link before', await ranWith('mswift'), { cca: await cca(), status: await status() });
await page.goForward();
check('Forward runs the next one again', await ranWith('lswift'), { cca: await cca(), status: await status() });
await page.evaluate(f => { location.hash = f; }, `${small}&cca=nscc`);
await page.waitForTimeout(500);
check('a link without run=1 shows its scenario and no old run', (await cca()) === 'nscc' && /^Ready/.test(await status()),
  { cca: await cca(), status: await status() });
await page.evaluate(() => { location.hash = 'k=5&run=1'; });
await page.waitForTimeout(500);
check('a refused link says so', /the link was refused/.test(await status()), await status());

// a sweep link: it starts, the status says where it is, and the page scrolls to it
await page.evaluate(() => { location.hash = 'sweep=theory&run=1'; });
const started = await page.waitForFunction(() => /sweep is running/.test(document.querySelector('#status')?.textContent || ''),
  null, { timeout: 10000 }).then(() => true, () => false);
check('a sweep link says its sweep is running', started, await status());
const seen = await page.waitForFunction(() => {
  const r = document.querySelector('#sweeps')?.getBoundingClientRect();
  return r && r.top < innerHeight && r.bottom > 0;
}, null, { timeout: 10000 }).then(() => true, () => false);
check('and scrolls to it', seen, await page.evaluate(() => ({ y: scrollY, top: document.querySelector('#sweeps')?.getBoundingClientRect().top })));
const progressing = await page.waitForSelector('#sweep-progress', { timeout: 10000 }).then(() => true, () => false);
check('the sweep runs', progressing, null);

// and on load, the same
await page.goto('about:blank');
await page.goto(`${base}/#sweep=theory&run=1`);
const onLoad = await page.waitForFunction(() => {
  const r = document.querySelector('#sweeps')?.getBoundingClientRect();
  return r && r.top < innerHeight && r.bottom > 0 && /sweep is running/.test(document.querySelector('#status')?.textContent || '');
}, null, { timeout: 30000 }).then(() => true, () => false);
check('a sweep link on load scrolls to its running sweep', onLoad, await status());

// an embedded page (embed=1), for a course page's frame: the run's stage alone, and a link to the
// whole page
await page.goto('about:blank');
await page.goto(`${base}/#k=4&elephants=2&flow-size=1MiB&embed=1&run=1`);
await page.waitForFunction(() => /^done/.test(document.querySelector('#status')?.textContent || ''),
  null, { timeout: 60000 });
await page.waitForTimeout(1500);
const embedded = await page.evaluate(() => ({
  charts: ['network', 'chart-cwnd', 'chart-delay', 'chart-queue', 'chart-fct'].every(id => document.getElementById(id)),
  form: !!document.querySelector('#f-k, #run, header, .story-area, #sweeps, .compare, .theory'),
  whole: document.querySelector('.embed-title a')?.getAttribute('href') || '',
  address: location.hash,
}));
check('an embed link shows the stage alone', embedded.charts && !embedded.form, embedded);
check('with a link to the whole page, which does not embed', /#.*k=4/.test(embedded.whole) && !/embed/.test(embedded.whole), embedded);
check('and its address keeps embed=1', /embed=1/.test(embedded.address), embedded);

await finish();
