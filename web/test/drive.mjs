// Drives the playground in headless Chromium, as a person would: types a
// program, presses Run or Ctrl-Enter, reads the output pane, stops a long
// computation. Usage: node drive.mjs URL CASES.json; CASES.json holds
// {"checks": [...], "examples": [[name, text, stdout], ...]}. Prints what
// it saw and exits 1 when anything differs.
import { chromium } from 'playwright-core';
import fs from 'node:fs';

const [url, casesPath] = process.argv.slice(2);
const cases = JSON.parse(fs.readFileSync(casesPath, 'utf8'));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage();
const failures = [];
const fail = (what) => { failures.push(what); console.log('FAIL ' + what); };
page.on('pageerror', (e) => fail('page error: ' + e.message));

async function runProgram(text, how = 'click') {
  const before = Number(await page.$eval('#output', (o) => o.dataset.done || 0));
  await page.fill('#code', text);
  if (how === 'keys') {
    await page.focus('#code');
    await page.keyboard.press('Control+Enter');
  } else {
    await page.click('#run');
  }
  await page.waitForFunction((n) => Number(document.getElementById('output').dataset.done || 0) > n, before, { timeout: 60000 });
  return page.$eval('#output', (o) => ({
    stdout: o.dataset.stdout, status: o.dataset.status, text: o.innerText,
    errors: [...o.querySelectorAll('pre.error')].map((p) => p.textContent),
    fails: [...o.querySelectorAll('pre.fail')].map((p) => p.textContent),
    images: [...o.querySelectorAll('img')].map((i) => ({ src: i.src.slice(0, 40), w: i.naturalWidth })),
  }));
}

await page.goto(url);
await page.waitForSelector('#run');

// the version is shown
try {
  await page.waitForFunction(() => document.getElementById('version').textContent.length > 0, null, { timeout: 30000 });
} catch (_) { }
const version = await page.$eval('#version', (v) => v.textContent);
if (version !== 'mex ' + cases.version) fail(`the version: ${JSON.stringify(version)}, not mex ${cases.version}`);

// the checks of the issue: an answer, a sequence, a FAIL and why, an error
// with its hint, a plot drawn in the page
const c = cases.checks;
let r = await runProgram(c.grundy, 'keys');
if (r.stdout !== '3\n') fail('grundy: ' + JSON.stringify(r.stdout));
r = await runProgram(c.sequence);
if (r.stdout !== '0 1 2 3 1 4 3 2 1 4 2 6\n') fail('sequence: ' + JSON.stringify(r.stdout));
r = await runProgram(c.fail);
if (!(r.fails.length === 1 && r.fails[0].startsWith('FAIL') && r.fails[0].includes('why')) || r.status !== '1')
  fail('a FAIL with why: ' + JSON.stringify(r));
r = await runProgram(c.error);
if (!(r.errors.length === 1 && r.errors[0].includes('Help: did you mean `kayles`?') && r.errors[0].includes('╭─')) || r.status !== '2')
  fail('an error with its hint: ' + JSON.stringify(r));
r = await runProgram(c.plot);
await page.waitForFunction(() => [...document.querySelectorAll('#output img')].every((i) => i.complete));
r = await page.$eval('#output', (o) => [...o.querySelectorAll('img')].map((i) => i.naturalWidth));
if (!(r.length === 1 && r[0] > 100)) fail('an inline plot: ' + JSON.stringify(r));

// a plot's period depends on the plot alone: 0..120 marks none, 0..200
// the proven one, and 0..120 after it is drawn as before
r = await runProgram(c.plots);
const svgs = r.stdout.split('</svg>').slice(0, 3).map((s) => s.trim());
if (svgs.length !== 3 || svgs[0] !== svgs[2] || svgs[0].includes('period') || !svgs[1].includes('period 12 (proven)'))
  fail('the period a plot marks depends on what ran before: ' + JSON.stringify(svgs.map((s) => s.length)));

// the link keeps the program
const link = await page.evaluate(() => location.hash);
if (decodeURIComponent(link.replace('#code=', '')) !== c.plots) fail('the link: ' + link);

// Stop a long computation; the page stays usable. While it runs, the
// status counts the work done and its rate.
await page.fill('#code', c.long);
await page.click('#run');
await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('working'));
try {
  await page.waitForFunction(() => /^working: [1-9][\d,]* [a-z ]+, [1-9][\d,]*\/s, \d+ s$/.test(document.getElementById('status').textContent), null, { timeout: 30000 });
} catch (_) { }
const working = await page.$eval('#status', (s) => s.textContent);
if (!/^working: [1-9][\d,]* [a-z ]+, [1-9][\d,]*\/s, \d+ s$/.test(working)) fail('no rate while a long run works: ' + JSON.stringify(working));
if (await page.$eval('#stop', (b) => b.disabled)) fail('the long run ended before Stop: ' + JSON.stringify(working));
else await page.click('#stop');
const stopped = await page.$eval('#status', (s) => s.textContent);
if (!stopped.startsWith('stopped')) fail('stop: ' + stopped);
r = await runProgram(c.grundy);
if (r.stdout !== '3\n') fail('after stop: ' + JSON.stringify(r.stdout));

// the examples menu loads a file, and clears the answers of the program
// before
const options = await page.$$eval('#examples option', (os) => os.map((o) => o.value).filter(Boolean));
if (options.length < 6) fail('examples menu: ' + options.length);
r = await runProgram(c.fail);
if (!r.text.includes('FAIL')) fail('no answer to clear: ' + JSON.stringify(r.text));
await page.selectOption('#examples', options[0]);
const loaded = await page.inputValue('#code');
if (!loaded.length) fail('an example did not load');
const left = await page.$eval('#output', (o) => ({ text: o.innerText, children: o.children.length }));
if (left.text.trim() !== '' || left.children !== 0) fail('an example picked, the old output stays: ' + JSON.stringify(left));

// the menu follows edits: an edited example is no longer the example
const menu = () => page.$eval('#examples', (m) => ({ value: m.value, shown: m.options[m.selectedIndex].textContent }));
let m = await menu();
if (m.value !== options[0]) fail('the menu after picking: ' + JSON.stringify(m));
await page.focus('#code');
await page.keyboard.press('Control+End');
await page.keyboard.type('\ngrundy *3');
m = await menu();
if (m.value !== '' || m.shown !== '(edited)') fail('the menu after an edit: ' + JSON.stringify(m));
await page.fill('#code', loaded);
m = await menu();
if (m.value !== options[0]) fail('the menu after the edit was undone: ' + JSON.stringify(m));

// no example shows the markers its test reads (`# out:`, `# status:`, `# err:`)
for (const name of options) {
  await page.selectOption('#examples', name);
  const text = await page.inputValue('#code');
  const marker = text.split('\n').find((l) => /^\s*#\s*(out|status|err):/.test(l));
  if (marker !== undefined) fail(`example ${name} shows a test marker: ${JSON.stringify(marker)}`);
}

// every example answers as the command line does, byte for byte
let same = 0;
for (const [name, text, stdout] of cases.examples) {
  r = await runProgram(text);
  if (r.stdout === stdout) same++;
  else fail(`example ${name}: the browser wrote ${JSON.stringify(r.stdout.slice(0, 300))}, the command line ${JSON.stringify(stdout.slice(0, 300))}`);
}
console.log(`${same} of ${cases.examples.length} examples answer as on the command line`);
await page.screenshot({ path: process.env.SHOT || '/tmp/mex-playground.png' });

// a 400-pixel-wide screen: no horizontal scrolling, before and after
// answers (a plot, an error with its source, a table, every example)
const phone = await browser.newPage({ viewport: { width: 400, height: 800 } });
phone.on('pageerror', (e) => fail('page error at 400 px: ' + e.message));
await phone.goto(url);
await phone.waitForSelector('#run');
const overflow = async (what) => {
  const w = await phone.evaluate(() => ({
    page: document.documentElement.scrollWidth, body: document.body.scrollWidth, view: window.innerWidth,
    wide: [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5).map((e) => e.tagName + (e.id ? '#' + e.id : '')).slice(0, 5),
  }));
  if (w.page > w.view || w.body > w.view) fail(`at 400 px, ${what} scrolls sideways: ${JSON.stringify(w)}`);
};
await overflow('the page');
for (const program of [c.plot, c.error, c.fail, c.table, ...cases.examples.map((e) => e[1])]) {
  const before = Number(await phone.$eval('#output', (o) => o.dataset.done || 0));
  await phone.fill('#code', program);
  await phone.click('#run');
  await phone.waitForFunction((n) => Number(document.getElementById('output').dataset.done || 0) > n, before, { timeout: 60000 });
  await phone.waitForFunction(() => [...document.querySelectorAll('#output img')].every((i) => i.complete));
  await overflow('the answers of ' + JSON.stringify(program.slice(0, 40)));
}
await phone.screenshot({ path: (process.env.SHOT || '/tmp/mex-playground.png').replace(/\.png$/, '-400.png') });
await browser.close();
console.log(failures.length ? `${failures.length} failures` : 'all checks passed');
process.exit(failures.length ? 1 : 0);
