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

// the link keeps the program
const link = await page.evaluate(() => location.hash);
if (decodeURIComponent(link.replace('#code=', '')) !== c.plot) fail('the link: ' + link);

// Stop a long computation; the page stays usable
await page.fill('#code', c.long);
await page.click('#run');
await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('working'));
await page.waitForTimeout(700);
await page.click('#stop');
const stopped = await page.$eval('#status', (s) => s.textContent);
if (!stopped.startsWith('stopped')) fail('stop: ' + stopped);
r = await runProgram(c.grundy);
if (r.stdout !== '3\n') fail('after stop: ' + JSON.stringify(r.stdout));

// the examples menu loads a file
const options = await page.$$eval('#examples option', (os) => os.map((o) => o.value).filter(Boolean));
if (options.length < 6) fail('examples menu: ' + options.length);
await page.selectOption('#examples', options[0]);
const loaded = await page.inputValue('#code');
if (!loaded.length) fail('an example did not load');

// every example answers as the command line does, byte for byte
let same = 0;
for (const [name, text, stdout] of cases.examples) {
  r = await runProgram(text);
  if (r.stdout === stdout) same++;
  else fail(`example ${name}: the browser wrote ${JSON.stringify(r.stdout.slice(0, 300))}, the command line ${JSON.stringify(stdout.slice(0, 300))}`);
}
console.log(`${same} of ${cases.examples.length} examples answer as on the command line`);
await page.screenshot({ path: process.env.SHOT || '/tmp/mex-playground.png' });
await browser.close();
console.log(failures.length ? `${failures.length} failures` : 'all checks passed');
process.exit(failures.length ? 1 : 0);
