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
import { ReportPage, sleep } from './report_page.mjs';

const [syntheticRun, dyngen, workDir] = process.argv.slice(2);

let report;
let page;
const evaluate = (expression) => report.evaluate(expression);
const click = (selector, fraction) => report.click(selector, fraction);

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
  report = await ReportPage.open(html);
  page = report.page;
});

after(async () => {
  if (report) await report.close();
});

test('the page loads without console errors and without network requests', async () => {
  assert.equal(await evaluate('document.readyState'), 'complete');
  assert.deepEqual(report.problems, []);
  assert.deepEqual(report.outsideRequests(), []);
  assert.equal(await evaluate('typeof uPlot'), 'function');
});

test('every chart draws axes and its curves', async () => {
  const charts = (await report.chartPixels(['#1f77b4'])).map((c) => ({ ...c, firstSeries: c.near?.[0] }));
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
  await click('#dyngen-diagram input[type=range]', 0.42);
  const { top, full } = await report.screenshots();
  writeFileSync(join(workDir, 'report_top.png'), top);
  writeFileSync(join(workDir, 'report_full.png'), full);
  assert.ok(top.length > 10000);
  assert.deepEqual(report.problems, [], 'no errors while using the page');
});

async function diagramClip() {
  const r = await evaluate(`(() => { const r = document.querySelector('#dyngen-diagram .diagram-body').getBoundingClientRect();
    return { x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height }; })()`);
  return { ...r, scale: 1 };
}
