// The report of a synthetic run in real headless Chromium: it loads without console errors and
// without a network request, every chart draws its curves, the dynamic diagram changes when the
// slider is clicked, plays, and jumps to an event or a chart time that is clicked. Leaves the
// run directory and screenshots of the page (report_top.png, report_full.png) in WORK_DIR.
//
//   node report_browser_test.mjs SYNTHETIC_RUN DYNGEN WORK_DIR
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Chromium } from './chromium_pipe.mjs';

const [syntheticRun, dyngen, workDir] = process.argv.slice(2);
const WIDTH = 1400;
const HEIGHT = 1000;

let browser;
let page;
const problems = [];  // console errors, uncaught exceptions, log errors
const requests = [];  // every URL the page asked for

async function evaluate(expression) {
  const { result, exceptionDetails } = await page.send('Runtime.evaluate', {
    expression, returnByValue: true, awaitPromise: true,
  });
  if (exceptionDetails) throw new Error(`${expression}: ${exceptionDetails.exception?.description || exceptionDetails.text}`);
  return result.value;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// A real click, at the centre of the element (scrolled into view) or at a fraction of its width.
async function click(selector, fraction = 0.5) {
  const box = await evaluate(`(() => {
    const element = document.querySelector(${JSON.stringify(selector)});
    element.scrollIntoView({ block: 'center' });
    const r = element.getBoundingClientRect();
    return { x: r.left + r.width * ${fraction}, y: r.top + r.height / 2 };
  })()`);
  for (const type of ['mouseMoved', 'mousePressed', 'mouseReleased']) {
    await page.send('Input.dispatchMouseEvent', {
      type, x: box.x, y: box.y, button: type === 'mouseMoved' ? 'none' : 'left', clickCount: type === 'mouseMoved' ? 0 : 1,
    });
  }
}

const diagramState = () => evaluate(`(() => {
  const views = [...document.querySelectorAll('#dyngen-diagram .diagram-view svg')];
  return {
    slider: Number(document.querySelector('#dyngen-diagram input[type=range]').value),
    clock: document.querySelector('#dyngen-diagram .diagram-time').textContent,
    bodies: views.map((svg) => svg.querySelector('g.bodies').innerHTML).join('|'),
    contacts: views[0].querySelectorAll('g.contacts circle').length,
    contactList: document.querySelector('#dyngen-diagram .diagram-info ul').textContent,
    latchesOn: document.querySelectorAll('#dyngen-diagram .lamp.on').length,
  };
})()`);

const timeOf = (clock) => Number(/t = ([-0-9.e]+) s/.exec(clock)[1]);

before(async () => {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const run = join(workDir, 'run');
  execFileSync(syntheticRun, [run]);
  const html = execFileSync(dyngen, ['report', run], { encoding: 'utf8' }).trim();

  browser = await Chromium.launch({ width: WIDTH, height: HEIGHT });
  page = await browser.newPage();
  page.on('Runtime.consoleAPICalled', (event) => {
    if (event.type === 'error' || event.type === 'assert' || event.type === 'warning') {
      problems.push(`console.${event.type}: ${event.args.map((a) => a.value ?? a.description).join(' ')}`);
    }
  });
  page.on('Runtime.exceptionThrown', (event) => problems.push(`exception: ${event.exceptionDetails.exception?.description}`));
  page.on('Log.entryAdded', (event) => { if (event.entry.level === 'error') problems.push(`log: ${event.entry.text}`); });
  page.on('Network.requestWillBeSent', (event) => requests.push(event.request.url));
  for (const domain of ['Page', 'Runtime', 'Log', 'Network']) await page.send(`${domain}.enable`);
  await page.send('Emulation.setDeviceMetricsOverride', { width: WIDTH, height: HEIGHT, deviceScaleFactor: 1, mobile: false });
  const loaded = page.once('Page.loadEventFired');
  await page.send('Page.navigate', { url: pathToFileURL(html).href });
  await loaded;
  await sleep(300);  // charts settle their size (ResizeObserver)
});

after(async () => {
  if (browser) await browser.close();
});

test('the page loads without console errors and without network requests', async () => {
  assert.equal(await evaluate('document.readyState'), 'complete');
  assert.deepEqual(problems, []);
  const outside = requests.filter((url) => !url.startsWith('file:') && !url.startsWith('data:'));
  assert.deepEqual(outside, []);
  assert.equal(await evaluate('typeof uPlot'), 'function');
});

test('every chart draws axes and its curves', async () => {
  const charts = await evaluate(`(() => {
    const specs = JSON.parse(document.getElementById('dyngen-charts-data').textContent);
    return specs.map((spec) => {
      const canvas = document.querySelector('#' + spec.id + ' canvas');
      if (!canvas) return { id: spec.id, missing: true };
      const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      let inked = 0;
      let firstSeries = 0;  // pixels near the palette's first colour, #1f77b4
      for (let i = 0; i < pixels.length; i += 4) {
        if (pixels[i + 3] === 0) continue;
        inked++;
        if (Math.abs(pixels[i] - 31) < 40 && Math.abs(pixels[i + 1] - 119) < 40 && Math.abs(pixels[i + 2] - 180) < 40) firstSeries++;
      }
      return { id: spec.id, title: spec.title, width: canvas.width, height: canvas.height, inked, firstSeries };
    });
  })()`);
  assert.ok(charts.length >= 15, `${charts.length} charts`);
  for (const chart of charts) {
    assert.ok(!chart.missing, `${chart.id}: no canvas`);
    assert.ok(chart.width >= 300 && chart.height >= 150, `${chart.title}: ${chart.width}x${chart.height}`);
    assert.ok(chart.inked > 3000, `${chart.title}: ${chart.inked} pixels drawn`);
    assert.ok(chart.firstSeries > 40, `${chart.title}: its first curve has ${chart.firstSeries} pixels`);
  }
});

test('clicking the slider moves the dynamic diagram', async () => {
  const start = await diagramState();
  assert.equal(start.slider, 0);
  assert.match(start.clock, /^t = 0\.0000 s/);
  const before = await page.send('Page.captureScreenshot', { format: 'png', clip: await diagramClip() });
  await click('#dyngen-diagram input[type=range]', 0.45);
  const moved = await diagramState();
  assert.ok(moved.slider > 100, `slider at ${moved.slider}`);
  assert.notEqual(moved.bodies, start.bodies);
  assert.ok(timeOf(moved.clock) > 1.0, moved.clock);
  assert.ok(moved.contacts >= 1, 'a contact point is drawn');
  assert.match(moved.contactList, /head_sphere-cone_2|head_sphere-socket/);
  const after = await page.send('Page.captureScreenshot', { format: 'png', clip: await diagramClip() });
  assert.notEqual(after.data, before.data, 'the diagram looks different');
});

test('play advances the diagram and pause stops it', async () => {
  await click('#dyngen-diagram input[type=range]', 0.05);
  const start = (await diagramState()).slider;
  await click('#dyngen-diagram button.play');
  await sleep(600);
  await click('#dyngen-diagram button.play');
  const stopped = (await diagramState()).slider;
  assert.ok(stopped > start, `frame ${start} -> ${stopped}`);
  await sleep(300);
  assert.equal((await diagramState()).slider, stopped);
});

test('clicking an event jumps the diagram to its time', async () => {
  const capture = await evaluate(`JSON.parse(document.getElementById('dyngen-events-data').textContent).events.find((e) => e.event === 'capture').time`);
  const row = await evaluate(`[...document.querySelectorAll('table.events tbody tr')].findIndex((tr) => tr.textContent.includes('capture'))`);
  assert.ok(row >= 0);
  await click(`table.events tbody tr:nth-child(${row + 1})`);
  const state = await diagramState();
  // the first frame at or after the event (frames every 10 ms)
  const shown = timeOf(state.clock);
  assert.ok(shown >= capture - 1e-4 && shown < capture + 0.01, `${state.clock} vs capture at ${capture} s`);
  assert.equal(state.latchesOn, 4);
  assert.equal(await evaluate(`document.querySelector('table.events tr.current').textContent.includes('capture')`), true);
});

test('clicking a chart selects its time in the diagram', async () => {
  const before = await diagramState();
  await click('#chart-1 .u-over', 0.2);
  const after = await diagramState();
  assert.notEqual(after.slider, before.slider);
  assert.ok(timeOf(after.clock) > 0.3 && timeOf(after.clock) < 1.0, after.clock);
});

test('screenshots of the page', async () => {
  await evaluate('window.scrollTo(0, 0)');
  await click('#dyngen-diagram input[type=range]', 0.42);
  await evaluate('window.scrollTo(0, 0)');
  const top = await page.send('Page.captureScreenshot', { format: 'png' });
  writeFileSync(join(workDir, 'report_top.png'), Buffer.from(top.data, 'base64'));
  const height = await evaluate('document.documentElement.scrollHeight');
  const full = await page.send('Page.captureScreenshot', {
    format: 'png', captureBeyondViewport: true, clip: { x: 0, y: 0, width: WIDTH, height, scale: 1 },
  });
  writeFileSync(join(workDir, 'report_full.png'), Buffer.from(full.data, 'base64'));
  assert.ok(top.data.length > 10000);
  assert.deepEqual(problems, [], 'no errors while using the page');
});

async function diagramClip() {
  const r = await evaluate(`(() => { const r = document.querySelector('#dyngen-diagram .diagram-body').getBoundingClientRect();
    return { x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height }; })()`);
  return { ...r, scale: 1 };
}
