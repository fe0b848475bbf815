// The page's keyboard model in a browser (src/session/keys.rs): every key of it, pressed while a
// button has focus as a teacher's page would have it, and a text field that keeps its keys.
// Also: a run a link started leaves focus off Run, the play button shows a live run as moving
// so that one press pauses it, and a replay ends at the run's end with the button back to play. Prints one line per check and a closing count; exits
// non-zero on a failure.
// Usage: node e2e/keys.mjs BASE_URL
import { checking } from './checks.mjs';

const [base] = process.argv.slice(2);
const { page, check, finish } = await checking('keys');
const text = sel => page.evaluate(s => document.querySelector(s)?.textContent || '', sel);
const label = () => page.evaluate(() => document.querySelector('#play')?.getAttribute('aria-label'));
const status = () => text('#status');
// the view follows a key on the next frame
const settle = () => page.waitForTimeout(150);
// the view follows a key on the next frame: wait for the play button to say `want`
const becomes = want => page.waitForFunction(w => document.querySelector('#play')?.getAttribute('aria-label') === w,
  want, { timeout: 3000 }).then(() => true, () => false);
const cursor = async () => {
  const [at, of] = (await text('#cursor-text')).split(' of ').map(parseFloat);
  return { at, of };
};
const focus = sel => page.evaluate(s => document.querySelector(s)?.focus(), sel);
const active = () => page.evaluate(() => { const a = document.activeElement; return a ? `${a.tagName.toLowerCase()}#${a.id}` : ''; });
const presenting = () => page.evaluate(() => document.querySelector('main')?.classList.contains('present'));
const done = () => page.waitForFunction(() => /^done/.test(document.querySelector('#status')?.textContent || ''),
  null, { timeout: 120000 });

// a live run: the play button says it moves, one press pauses, the run goes on
await page.goto(`${base}/#run=1`);
await page.waitForFunction(() => /running/.test(document.querySelector('#status')?.textContent || ''),
  null, { timeout: 60000 });
check('a live run shows as moving', await becomes('pause (Space)'), await label());
await page.keyboard.press(' ');
check('one Space pauses the live run', await becomes('play (Space)'), await label());
check('and the run goes on', /running|done/.test(await status()), await status());
await done();
await page.waitForTimeout(300);
check('focus is not parked on Run after a link started the run', (await active()) !== 'button#run', await active());

// a small finished run, then every key with buttons focused
// a new fragment in the open tab replaces the run (e2e/links.mjs checks it)
await page.goto(`${base}/#k=4&elephants=2&flow-size=1MiB&run=1`);
await page.waitForFunction(() => document.querySelector('#f-k')?.value === '4'
  && /^done/.test(document.querySelector('#status')?.textContent || ''), null, { timeout: 120000 });
await page.waitForTimeout(300);
await focus('#run');
await page.keyboard.press('Home');
await settle();
check('Home puts the cursor at the start', (await cursor()).at === 0, await cursor());
await page.keyboard.press('End');
await settle();
let c = await cursor();
check('End puts it at the end', c.at === c.of && c.of > 0, c);
await page.keyboard.press('Shift+ArrowLeft');
await settle();
const ten = await cursor();
check('Shift+← steps ten samples back', ten.at < c.at, ten);
await page.keyboard.press('ArrowRight');
await settle();
const one = await cursor();
check('→ steps one forward', one.at > ten.at, one);
await page.keyboard.press('ArrowLeft');
await settle();
check('← steps one back', (await cursor()).at === ten.at, await cursor());
await page.keyboard.press('Shift+ArrowRight');
await settle();
check('Shift+→ steps ten forward', (await cursor()).at > one.at, await cursor());
// a speed chosen from the keyboard hands the keys back to the page
await focus('#speed');
await page.keyboard.press('ArrowUp');
await settle();
check('a speed chosen by a key hands the focus back', (await active()) !== 'select#speed', await active());
await page.selectOption('#speed', '0');
await focus('#run');
await page.keyboard.press('Home');
await settle();
const before = await status();
await page.keyboard.press(' ');
check('Space on a focused Run plays instead of running again',
  (await becomes('pause (Space)')) && (await status()) === before, { label: await label(), status: await status() });
await page.keyboard.press(' ');
check('Space again pauses', await becomes('play (Space)'), await label());
// a replay ends where the run ends: at full speed it reaches the last sample at the run's end
// (the status's CCT), the button goes back to play, and the next Space replays from the start
const cct = parseFloat((await status()).match(/CCT ([0-9.]+)/)?.[1]);
await page.selectOption('#speed', '7');
await focus('#run');
await page.keyboard.press('Home');
await settle();
await page.keyboard.press(' ');
const stopped = await page.waitForFunction(() => {
  const [at, of] = (document.querySelector('#cursor-text')?.textContent || '').split(' of ').map(parseFloat);
  return at > 0 && at === of && document.querySelector('#play')?.getAttribute('aria-label') === 'play (Space)';
}, null, { timeout: 10000 }).then(() => true, () => false);
const end = await cursor();
check('a replay plays to the run\'s end and stops there, the button back to play',
  stopped && end.at === end.of && end.of >= cct, { cursor: end, cct, label: await label() });
await page.selectOption('#speed', '1');
await focus('#run');
await page.keyboard.press(' ');
await settle();
const again = await cursor();
check('the next Space replays from the start', (await label()) === 'pause (Space)' && again.at < end.of / 2,
  { cursor: again, label: await label() });
await page.keyboard.press(' ');
check('and Space pauses that replay', await becomes('play (Space)'), await label());
await focus('#present');
await page.keyboard.press('p');
await settle();
check('P on a focused button enters the presentation', await presenting(), await presenting());
await page.keyboard.press('Escape');
await settle();
check('Escape leaves it', !(await presenting()), await presenting());
await page.keyboard.press('P');
await settle();
check('P enters it again', await presenting(), await presenting());
await page.keyboard.press('p');
await settle();
check('and P leaves it', !(await presenting()), await presenting());

// a definition closes on Escape
await page.locator('span.term:visible').first().click();
check('a term opens its definition on focus', (await active()).startsWith('span'), await active());
await page.keyboard.press('Escape');
check('Escape closes it', !(await active()).startsWith('span'), await active());

// a text field keeps its keys
const field = page.locator('input[type=text]:visible').first();
await field.click();
const label_before = await label();
const value_before = await field.inputValue();
await page.keyboard.press('End');
await page.keyboard.press('p');
check('a text field keeps P', (await field.inputValue()) === `${value_before}p` && !(await presenting()),
  await field.inputValue());
await page.keyboard.press('Backspace');
await page.keyboard.press(' ');
await page.waitForTimeout(300);
check('and Space', (await label()) === label_before && (await field.inputValue()) === `${value_before} `,
  { label: await label(), value: await field.inputValue() });
await page.keyboard.press('Backspace');

await finish();
