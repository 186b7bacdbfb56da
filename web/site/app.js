// The mex playground: an editor, Run (Ctrl-Enter), Stop, the program kept
// in the URL (#code=...), examples, and the answers as the command line
// writes them.
const $ = (id) => document.getElementById(id);
const code = $('code'), hl = $('highlight'), out = $('output'), status = $('status');
const KEYWORDS = new Set(['game', 'let', 'for', 'in', 'if', 'and', 'or', 'not', 'xor', 'grundy', 'outcome',
  'misere', 'genus', 'moves', 'explain', 'sequence', 'period', 'table', 'mex', 'check', 'equiv', 'move',
  'subtraction', 'all', 'but', 'octal', 'hex', 'set', 'plot', 'graph', 'hackenbush', 'quotient', 'to', 'as', 'by']);

function escape(s) {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

// The language's tokens, coloured: comments, strings, keywords, numbers,
// nimbers and built-in games.
function highlight(text) {
  const re = /(#[^\n]*)|("[^"\n]*"?)|(\*\d*)|(\b\d[\d_]*(?:\.\d+)?\b)|([A-Za-z_][A-Za-z0-9_']*)|([\s\S])/g;
  let html = '', m;
  while ((m = re.exec(text))) {
    const [t, c, s, star, n, w] = m;
    if (c) html += `<span class="c">${escape(c)}</span>`;
    else if (s) html += `<span class="s">${escape(s)}</span>`;
    else if (star) html += `<span class="g">${escape(star)}</span>`;
    else if (n) html += `<span class="n">${n}</span>`;
    else if (w) html += KEYWORDS.has(w) ? `<span class="k">${w}</span>` : (w === 'nim' || w === 'nimsum' ? `<span class="g">${w}</span>` : w);
    else html += escape(t);
  }
  hl.innerHTML = html + '\n';
}
code.addEventListener('input', () => highlight(code.value));
code.addEventListener('scroll', () => { hl.scrollTop = code.scrollTop; hl.scrollLeft = code.scrollLeft; });

// --- the program in the URL
function fromUrl() {
  const m = location.hash.match(/[#&]code=([^&]*)/);
  if (m) { code.value = decodeURIComponent(m[1]); }
  highlight(code.value);
}
function toUrl() {
  const hash = '#code=' + encodeURIComponent(code.value);
  if (location.hash !== hash) history.replaceState(null, '', hash);
}
$('share').onclick = () => {
  toUrl();
  navigator.clipboard && navigator.clipboard.writeText(location.href).catch(() => {});
  status.textContent = 'the link to this program is in the address bar';
};

// --- examples
const menu = $('examples'), blank = menu.options[0];
for (const [name] of (self.MEX_EXAMPLES || [])) {
  const o = document.createElement('option');
  o.value = name; o.textContent = name;
  menu.appendChild(o);
}
// The menu follows the text: the example it is, or, once it is no longer
// one, a blank entry that says so.
let picked = false;
function syncMenu() {
  const found = (self.MEX_EXAMPLES || []).find(([, text]) => text === code.value);
  if (found) { menu.value = found[0]; picked = true; return; }
  blank.textContent = picked ? '(edited)' : 'choose one…';
  menu.value = '';
}
// Old answers go with the program they came from.
function clearOutput(words) {
  out.innerHTML = '';
  delete out.dataset.stdout; delete out.dataset.status;
  status.textContent = words;
}
menu.onchange = () => {
  const found = (self.MEX_EXAMPLES || []).find(([n]) => n === menu.value);
  if (!found) { syncMenu(); return; }
  if (running) stop();
  code.value = found[1]; highlight(code.value); toUrl(); syncMenu();
  clearOutput(`${found[0]}: Run (Ctrl-Enter) to see its answers`);
};
code.addEventListener('input', syncMenu);

// --- running, in a worker
let worker = null, running = null, nextId = 1;
function newWorker() {
  worker = new Worker('worker.js');
  worker.onmessage = (e) => {
    const { id, progress, result, version } = e.data;
    if (version) { $('version').textContent = 'mex ' + version; return; }
    if (!running || id !== running.id) return;
    if (progress) {
      // what is counted, its rate since the run started, the time so far
      const [done, total, unit] = progress;
      const secs = (performance.now() - running.start) / 1000;
      const rate = secs > 0 ? Math.round(done / secs) : 0;
      const what = unit || 'positions';
      const count = total > 0 ? `${done.toLocaleString()} of ${total.toLocaleString()} ${what}` : `${done.toLocaleString()} ${what}`;
      status.textContent = `working: ${count}, ${rate.toLocaleString()}/s, ${Math.floor(secs)} s`;
      return;
    }
    finish(result);
    // a run that ended in a panic leaves the instance unusable: start anew
    if (result.broken) { worker.terminate(); newWorker(); }
  };
}

function show(result) {
  out.innerHTML = '';
  let stdout = '';
  for (const ev of result.events) {
    if (ev.kind === 'svg') {
      const img = document.createElement('img');
      img.alt = 'plot';
      img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(ev.svg);
      out.appendChild(img);
      stdout += ev.svg.trimEnd() + '\n';
      continue;
    }
    const pre = document.createElement('pre');
    pre.textContent = ev.text.replace(/\n$/, '');
    if (ev.kind === 'check') pre.className = ev.passed ? 'ok' : 'fail';
    if (ev.kind === 'error') pre.className = 'error';
    else stdout += ev.text;
    out.appendChild(pre);
  }
  for (const f of result.files || []) {
    const a = document.createElement('a');
    a.href = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(f.svg);
    a.download = f.name.split('/').pop();
    a.textContent = 'download ' + a.download;
    a.className = 'file';
    out.appendChild(a);
  }
  out.dataset.stdout = stdout;
  out.dataset.status = String(result.status);
}

function finish(result) {
  const took = ((performance.now() - running.start) / 1000).toFixed(2);
  running = null;
  $('run').disabled = false; $('stop').disabled = true;
  show(result);
  const words = ['ok', 'a check failed', 'an error was reported'][result.status] || '';
  status.textContent = `done in ${took} s: ${words} (exit status ${result.status})`;
  out.dataset.done = String(Number(out.dataset.done || 0) + 1);
}

function run() {
  if (running) return;
  toUrl();
  running = { id: nextId++, start: performance.now() };
  $('run').disabled = true; $('stop').disabled = false;
  status.textContent = 'working…';
  worker.postMessage({ id: running.id, source: code.value, format: $('json').checked ? 'json' : 'text' });
}

function stop() {
  if (!running) return;
  worker.terminate();
  newWorker();
  running = null;
  $('run').disabled = false; $('stop').disabled = true;
  status.textContent = 'stopped: nothing of that run is kept; edit and run again';
  out.dataset.stopped = String(Number(out.dataset.stopped || 0) + 1);
}

$('run').onclick = run;
$('stop').onclick = stop;
code.addEventListener('keydown', (e) => {
  if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); run(); }
  if (e.key === 'Tab') {
    e.preventDefault();
    const s = code.selectionStart;
    code.setRangeText('    ', s, code.selectionEnd, 'end');
    highlight(code.value);
  }
});
window.addEventListener('hashchange', () => { fromUrl(); syncMenu(); });
newWorker();
fromUrl();
syncMenu();
