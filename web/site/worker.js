// Runs programs off the page's thread: the page ends this worker to stop a
// long computation, and starts a new one.
// The plotting library measures text by laying out a span in the page's
// document, which a worker has not: a small stand-in measures it with an
// OffscreenCanvas instead (width by the canvas, height by the font size).
(function () {
  const canvas = new OffscreenCanvas(1, 1).getContext('2d');
  class Element {
    constructor() { this.textContent = ''; this.style = ''; }
    setAttribute(name, value) { if (name === 'style') this.style = value; }
    remove() { }
    get font() {
      const size = (this.style.match(/font-size:\s*([\d.]+)px/) || [0, '12'])[1];
      const family = (this.style.match(/font-family:\s*([^;]+)/) || [0, 'sans-serif'])[1];
      const style = (this.style.match(/font-style:\s*([^;]+)/) || [0, 'normal'])[1];
      return { css: `${style === 'normal' ? '' : style} ${size}px ${family}`, size: Number(size) };
    }
    get offsetWidth() { const f = this.font; canvas.font = f.css; return Math.round(canvas.measureText(this.textContent || '').width); }
    get offsetHeight() { return Math.round(this.font.size * 1.15); }
  }
  const body = new Element();
  body.append = function () { };
  self.HTMLElement = Element;
  self.Window = self.constructor;
  self.document = { body, currentScript: null, createElement: () => new Element() };
})();
importScripts('mex_web.js');
const ready = wasm_bindgen({ module_or_path: 'mex_web_bg.wasm' });
// the page shows the interpreter's version
ready.then(() => self.postMessage({ version: wasm_bindgen.version() }));
self.onmessage = async (e) => {
  await ready;
  const { id, source, format } = e.data;
  const progress = (done, total, unit) => self.postMessage({ id, progress: [done, total, unit] });
  let result;
  try {
    result = JSON.parse(wasm_bindgen.run(source, format, progress));
  } catch (err) {
    let why = '';
    try { why = wasm_bindgen.last_panic(); } catch (_) { }
    result = { events: [{ kind: 'error', text: 'the interpreter stopped: ' + (why || err) + '\n' }], status: 2, broken: true };
  }
  self.postMessage({ id, result });
};
