// Draws the charts of a dyngen report page with uPlot, from the page's "dyngen-charts-data" block
// (written by page.cpp: one entry per <figure class="chart">, data in uPlot's column layout).
//
// The page has one selected time. window.dyngenTime.select(time, origin) announces it as a
// "dyngen:time" event on the document; time charts mark it with a dashed line, the diagram and
// the event list follow it. Clicking a time chart selects the time under the cursor. Time charts
// also share the cursor and the zoom (drag to zoom, double-click to zoom out).
(function () {
  'use strict';

  const palette = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd',
                   '#8c564b', '#e377c2', '#17becf', '#7f7f7f', '#bcbd22'];
  const chartHeight = 270;
  const timeCharts = [];
  let selectedTime = null;
  let zooming = false;  // a zoom being passed on to the other time charts

  window.dyngenTime = {
    select(time, origin) {
      document.dispatchEvent(new CustomEvent('dyngen:time', { detail: { time, origin } }));
    },
  };

  function formatValue(value) {
    if (value == null) return '–';
    const magnitude = Math.abs(value);
    if (magnitude !== 0 && (magnitude >= 1e5 || magnitude < 1e-3)) return value.toExponential(3);
    return String(Number(value.toPrecision(5)));
  }

  // The selected time as a dashed vertical line.
  function timeMarker(plot) {
    if (selectedTime == null) return;
    const x = Math.round(plot.valToPos(selectedTime, 'x', true));
    const box = plot.bbox;
    if (x < box.left || x > box.left + box.width) return;
    const ctx = plot.ctx;
    const pixel = window.devicePixelRatio || 1;
    ctx.save();
    ctx.strokeStyle = '#c62828';
    ctx.lineWidth = 1.5 * pixel;
    ctx.setLineDash([5 * pixel, 4 * pixel]);
    ctx.beginPath();
    ctx.moveTo(x, box.top);
    ctx.lineTo(x, box.top + box.height);
    ctx.stroke();
    ctx.restore();
  }

  function passZoom(plot) {
    if (zooming) return;
    zooming = true;
    const scale = plot.scales.x;
    for (const other of timeCharts) {
      if (other !== plot) other.setScale('x', { min: scale.min, max: scale.max });
    }
    zooming = false;
  }

  // Tick labels with as many decimals as the tick step needs (uPlot's own rounds steps below
  // 1e-3 to "0"), in exponent form for very large or very small values.
  function tickLabels(plot, splits) {
    if (splits.length === 0) return [];
    const step = splits.length > 1 ? Math.abs(splits[1] - splits[0]) : Math.abs(splits[0]) || 1;
    const largest = Math.max(...splits.map(Math.abs));
    if (largest >= 1e5 || (largest > 0 && largest < 1e-3)) {
      const exponent = Math.floor(Math.log10(largest));
      const digits = decimalsOf(step / 10 ** exponent);
      return splits.map((v) => (v === 0 ? '0' : v.toExponential(digits)));
    }
    const decimals = decimalsOf(step);
    return splits.map((v) => v.toFixed(decimals));
  }

  // Decimals that write `step` exactly (ticks step by 1, 2, 2.5 or 5 times a power of ten).
  function decimalsOf(step) {
    let decimals = 0;
    while (decimals < 10 && Math.abs(Math.round(step * 10 ** decimals) - step * 10 ** decimals) > 1e-6 * step * 10 ** decimals) {
      decimals++;
    }
    return decimals;
  }

  // Room for the longest tick label of a y axis.
  function axisWidth(plot, values) {
    if (!values) return 60;
    return Math.max(56, 28 + 7 * Math.max(...values.map((v) => String(v).length)));
  }

  function axis(label, size) {
    return {
      label,
      size,
      values: tickLabels,
      labelSize: 20,
      stroke: '#3d4656',
      font: '12px system-ui, "DejaVu Sans", sans-serif',
      labelFont: '600 12px system-ui, "DejaVu Sans", sans-serif',
      grid: { stroke: '#e7eaf0', width: 1 },
      ticks: { stroke: '#c9d0da', width: 1, size: 5 },
    };
  }

  function makeChart(spec) {
    const figure = document.getElementById(spec.id);
    const target = figure.querySelector('.chart-plot');
    if (spec.rows < spec.total_rows) {
      const thinned = document.createElement('span');
      thinned.className = 'thinned';
      thinned.textContent = spec.rows + ' of ' + spec.total_rows + ' samples drawn';
      thinned.title = 'Each interval keeps its minimum and maximum, so no peak is lost.';
      figure.querySelector('figcaption').appendChild(thinned);
    }
    const series = [{ label: spec.x_label, value: (plot, v) => (v == null ? '–' : formatValue(v)) }];
    spec.series.forEach((s, i) => {
      series.push({
        label: s.label,
        stroke: s.color || palette[i % palette.length],
        width: 1.6,
        dash: s.dashed ? [6, 4] : undefined,
        paths: spec.points ? () => null : spec.steps ? uPlot.paths.stepped({ align: 1 }) : undefined,
        points: spec.points ? { show: true, size: 5, width: 0, fill: s.color || palette[i % palette.length] } : { show: false },
        spanGaps: false,
        value: (plot, v) => formatValue(v),
      });
    });
    const hooks = {};
    if (spec.shows_time) {
      hooks.draw = [timeMarker];
      hooks.setScale = [(plot, key) => { if (key === 'x') passZoom(plot); }];
    }
    const plot = new uPlot({
      width: Math.max(320, target.clientWidth),
      height: chartHeight,
      series,
      scales: { x: { time: false } },
      axes: [axis(spec.x_label, 44), axis(spec.y_label, axisWidth)],
      cursor: spec.shows_time ? { sync: { key: 'dyngen-time' }, drag: { x: true, y: false } } : {},
      legend: { live: true },
      hooks,
    }, spec.data, target);

    if (spec.shows_time) {
      timeCharts.push(plot);
      // a click (a press and release without a drag, which zooms) selects the time under the cursor
      let pressedAt = null;
      plot.over.addEventListener('mousedown', (event) => { pressedAt = event.clientX; });
      plot.over.addEventListener('mouseup', (event) => {
        if (pressedAt != null && Math.abs(event.clientX - pressedAt) < 3 && plot.cursor.left >= 0) {
          window.dyngenTime.select(plot.posToVal(plot.cursor.left, 'x'), 'chart');
        }
        pressedAt = null;
      });
    }
    new ResizeObserver(() => {
      const width = Math.max(320, target.clientWidth);
      if (width !== plot.width) plot.setSize({ width, height: chartHeight });
    }).observe(target);
  }

  document.addEventListener('dyngen:time', (event) => {
    selectedTime = event.detail.time;
    for (const plot of timeCharts) plot.redraw(false);
  });

  for (const spec of JSON.parse(document.getElementById('dyngen-charts-data').textContent)) makeChart(spec);
})();
