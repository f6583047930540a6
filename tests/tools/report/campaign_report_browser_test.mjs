// The report of a synthetic docking campaign in real headless Chromium: it loads without console
// errors and without a network request; every chart draws (the envelope's dots in the outcome
// colours, each series of the other charts); a click on a worst case's command selects the whole
// command for copying. Leaves the store and screenshots of the page (campaign_top.png,
// campaign_full.png) in WORK_DIR.
//
//   node campaign_report_browser_test.mjs SYNTHETIC_CAMPAIGN DYNGEN WORK_DIR
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ReportPage } from './report_page.mjs';

const [syntheticCampaign, dyngen, workDir] = process.argv.slice(2);
const CAPTURED = '#2ca02c';
const NOT_CAPTURED = '#d62728';
const FAILED = '#404040';

let report;

before(async () => {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const store = join(workDir, 'campaign.sqlite');
  execFileSync(syntheticCampaign, [store]);
  const html = execFileSync(dyngen, ['report', store], { encoding: 'utf8' }).trim();
  report = await ReportPage.open(html);
});

after(async () => {
  if (report) await report.close();
});

test('the page loads without console errors and without network requests', async () => {
  assert.equal(await report.evaluate('document.readyState'), 'complete');
  assert.deepEqual(report.problems, []);
  assert.deepEqual(report.outsideRequests(), []);
});

test('every chart draws; the envelope shows each outcome in its colour', async () => {
  const charts = await report.chartPixels([CAPTURED, NOT_CAPTURED, FAILED]);
  // 2 envelope plots, the capture rate across 9 inputs, 6 histograms
  assert.equal(charts.length, 17);
  for (const chart of charts) {
    assert.ok(!chart.missing, `${chart.title}: no canvas`);
    assert.ok(chart.width >= 300 && chart.height >= 150, `${chart.title}: ${chart.width}x${chart.height}`);
    assert.ok(chart.inked > 2000, `${chart.title}: ${chart.inked} pixels drawn`);
  }
  const scatters = charts.filter((c) => c.points);
  assert.equal(scatters.length, 2);
  for (const chart of scatters) {
    const [captured, missed, failed] = chart.near;
    assert.ok(captured > 300 && missed > 300 && failed > 30, `${chart.title}: ${chart.near} dots' pixels by outcome`);
  }
  for (const chart of charts.filter((c) => c.title.startsWith('Capture rate in bins'))) {
    assert.ok(chart.near[0] > 100, `${chart.title}: its rate curve has ${chart.near[0]} pixels`);
  }
});

test('a click on a command selects it whole', async () => {
  await report.click('#worst code.command');
  const selected = await report.evaluate('window.getSelection().toString()');
  const command = await report.evaluate(`document.querySelector('#worst code.command').textContent`);
  assert.match(command, /^dyngen simulate \S+probe_cone_nominal\.yaml --after-capture 0\.2 --set initial\.lateral_miss=/);
  assert.equal(selected, command);
});

test('screenshots of the page', async () => {
  const { top, full } = await report.screenshots();
  writeFileSync(join(workDir, 'campaign_top.png'), top);
  writeFileSync(join(workDir, 'campaign_full.png'), full);
  assert.ok(top.length > 10000);
  assert.deepEqual(report.problems, [], 'no errors while using the page');
});
