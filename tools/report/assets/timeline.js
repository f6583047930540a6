// The events of a run on a time strip and in a table, from the page's "dyngen-events-data" block
// ({begin, end, events: [{time, event, detail, category}]}, written by run_page.cpp; the category
// names the colour class). Clicking a mark or a
// row selects the event's time (window.dyngenTime, charts.js); the strip marks the selected time
// and the table highlights the last event at or before it.
(function () {
  'use strict';

  const data = JSON.parse(document.getElementById('dyngen-events-data').textContent);
  const root = document.getElementById('dyngen-timeline');
  const span = data.end > data.begin ? data.end - data.begin : 1;

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text != null) node.textContent = text;
    return node;
  }

  function percent(time) {
    return (100 * (time - data.begin)) / span;
  }

  // Round tick steps (1, 2, 5 x 10^k) giving about six ticks.
  function ticks() {
    const raw = span / 6;
    const power = Math.pow(10, Math.floor(Math.log10(raw)));
    const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw);
    const values = [];
    for (let t = Math.ceil(data.begin / step) * step; t <= data.end + 1e-9 * span; t += step) values.push(t);
    return { values, digits: Math.max(0, -Math.floor(Math.log10(step))) };
  }

  const strip = element('div', 'timeline-strip');
  strip.appendChild(element('div', 'timeline-axis'));
  const tickSet = ticks();
  for (const t of tickSet.values) {
    const tick = element('div', 'timeline-tick', t.toFixed(tickSet.digits) + ' s');
    tick.style.left = percent(t) + '%';
    // labels at the ends stay inside the strip
    if (percent(t) < 3) tick.classList.add('first');
    if (percent(t) > 97) tick.classList.add('last');
    strip.appendChild(tick);
  }
  const cursor = element('div', 'timeline-cursor');
  cursor.style.display = 'none';
  strip.appendChild(cursor);

  const table = element('table', 'data events');
  table.innerHTML = '<thead><tr><th class="num">time [s]</th><th>event</th><th>detail</th></tr></thead>';
  const body = element('tbody');
  table.appendChild(body);
  const rows = [];

  // Marks close together are stacked upwards so that each stays clickable.
  const lastLeftOfLevel = [];
  data.events.forEach((event) => {
    const select = () => window.dyngenTime.select(event.time, 'timeline');
    const left = percent(event.time);
    let level = 0;
    while (lastLeftOfLevel[level] != null && left - lastLeftOfLevel[level] < 1.2 && level < 2) level++;
    lastLeftOfLevel[level] = left;
    const mark = element('button', 'timeline-mark category-' + event.category);
    mark.type = 'button';
    mark.style.left = left + '%';
    mark.style.top = 28 - 14 * level + 'px';
    mark.title = event.time + ' s: ' + event.event + (event.detail ? ' — ' + event.detail : '');
    mark.addEventListener('click', select);
    strip.appendChild(mark);

    const row = element('tr');
    const time = element('td', 'num time', String(Number(event.time.toPrecision(6))));
    time.title = String(event.time);
    const name = element('td', 'name');
    name.appendChild(element('span', 'event-dot category-' + event.category));
    name.appendChild(document.createTextNode(event.event));
    row.append(time, name, element('td', 'detail', event.detail));
    row.addEventListener('click', select);
    body.appendChild(row);
    rows.push({ row, time: event.time });
  });

  root.append(strip, element('div', 'table-wrap'));
  root.lastChild.appendChild(table);

  document.addEventListener('dyngen:time', (event) => {
    const time = event.detail.time;
    cursor.style.display = '';
    cursor.style.left = Math.min(100, Math.max(0, percent(time))) + '%';
    let current = null;
    for (const entry of rows) if (entry.time <= time + 1e-12 * span) current = entry;
    for (const entry of rows) entry.row.classList.toggle('current', entry === current);
  });
})();
