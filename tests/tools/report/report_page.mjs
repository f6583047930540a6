// A report page opened in headless Chromium for the browser tests: the console errors, uncaught
// exceptions and network requests it makes are collected; evaluate() runs an expression in the
// page, click() clicks like a user, screenshot() captures a PNG.
import { pathToFileURL } from 'node:url';
import { Chromium } from './chromium_pipe.mjs';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class ReportPage {
  static async open(htmlFile, { width = 1400, height = 1000 } = {}) {
    const browser = await Chromium.launch({ width, height });
    const page = await browser.newPage();
    const report = new ReportPage(browser, page, width);
    page.on('Runtime.consoleAPICalled', (event) => {
      if (event.type === 'error' || event.type === 'assert' || event.type === 'warning') {
        report.problems.push(`console.${event.type}: ${event.args.map((a) => a.value ?? a.description).join(' ')}`);
      }
    });
    page.on('Runtime.exceptionThrown', (event) => report.problems.push(`exception: ${event.exceptionDetails.exception?.description}`));
    page.on('Log.entryAdded', (event) => { if (event.entry.level === 'error') report.problems.push(`log: ${event.entry.text}`); });
    page.on('Network.requestWillBeSent', (event) => report.requests.push(event.request.url));
    for (const domain of ['Page', 'Runtime', 'Log', 'Network']) await page.send(`${domain}.enable`);
    await page.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false });
    const loaded = page.once('Page.loadEventFired');
    await page.send('Page.navigate', { url: pathToFileURL(htmlFile).href });
    await loaded;
    await sleep(300);  // charts settle their size (ResizeObserver)
    return report;
  }

  constructor(browser, page, width) {
    this.browser = browser;
    this.page = page;
    this.width = width;
    this.problems = [];  // console errors, uncaught exceptions, log errors
    this.requests = [];  // every URL the page asked for
  }

  async close() { await this.browser.close(); }

  // Requests to anything but the page's own file and inline data.
  outsideRequests() { return this.requests.filter((url) => !url.startsWith('file:') && !url.startsWith('data:')); }

  async evaluate(expression) {
    const { result, exceptionDetails } = await this.page.send('Runtime.evaluate', {
      expression, returnByValue: true, awaitPromise: true,
    });
    if (exceptionDetails) throw new Error(`${expression}: ${exceptionDetails.exception?.description || exceptionDetails.text}`);
    return result.value;
  }

  // A real click, at the centre of the element (scrolled into view) or at a fraction of its width.
  async click(selector, fraction = 0.5) {
    const box = await this.evaluate(`(() => {
      const element = document.querySelector(${JSON.stringify(selector)});
      element.scrollIntoView({ block: 'center' });
      const r = element.getBoundingClientRect();
      return { x: r.left + r.width * ${fraction}, y: r.top + r.height / 2 };
    })()`);
    for (const type of ['mouseMoved', 'mousePressed', 'mouseReleased']) {
      await this.page.send('Input.dispatchMouseEvent', {
        type, x: box.x, y: box.y, button: type === 'mouseMoved' ? 'none' : 'left', clickCount: type === 'mouseMoved' ? 0 : 1,
      });
    }
  }

  // Per chart of the page: its canvas size, the pixels drawn, and those near each colour given
  // ('#rrggbb', within 40 per channel).
  async chartPixels(colours) {
    return this.evaluate(`(() => {
      const colours = ${JSON.stringify(colours)}.map((c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)));
      const specs = JSON.parse(document.getElementById('dyngen-charts-data').textContent);
      return specs.map((spec) => {
        const canvas = document.querySelector('#' + spec.id + ' canvas');
        if (!canvas) return { id: spec.id, title: spec.title, missing: true };
        const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        let inked = 0;
        const near = colours.map(() => 0);
        for (let i = 0; i < pixels.length; i += 4) {
          if (pixels[i + 3] === 0) continue;
          inked++;
          colours.forEach((c, k) => {
            if (Math.abs(pixels[i] - c[0]) < 40 && Math.abs(pixels[i + 1] - c[1]) < 40 && Math.abs(pixels[i + 2] - c[2]) < 40) near[k]++;
          });
        }
        return { id: spec.id, title: spec.title, points: spec.points, width: canvas.width, height: canvas.height, inked, near };
      });
    })()`);
  }

  // Screenshots of the top of the page and of the whole page.
  async screenshots() {
    await this.evaluate('window.scrollTo(0, 0)');
    const top = await this.page.send('Page.captureScreenshot', { format: 'png' });
    const height = await this.evaluate('document.documentElement.scrollHeight');
    const full = await this.page.send('Page.captureScreenshot', {
      format: 'png', captureBeyondViewport: true, clip: { x: 0, y: 0, width: this.width, height, scale: 1 },
    });
    return { top: Buffer.from(top.data, 'base64'), full: Buffer.from(full.data, 'base64') };
  }
}
