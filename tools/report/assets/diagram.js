// The dynamic diagram of a docking run (thesis sec. 6.3, "dynamic mnemonic diagram"), from the
// page's "dyngen-diagram-data" block (diagram.json, schema in tools/report/README.md): schematic
// orthographic views in the passive unit's axes PU of the passive unit's guide surfaces, the
// active unit's bodies at their poses, the contact points and the contact forces, animated
// over the frames with a slider, play/pause and the time and active contacts shown.
//
// Drawing: a surface of revolution shows its silhouette, the two generatrices in the plane of its
// axis across the line of sight (or its rim circles when seen along the axis); circles are
// projected, spheres are discs. Arrows are the contact force on the active unit (the opposite of
// the force on the passive unit that diagram.json gives), one force scale for all views.
(function () {
  'use strict';

  const SVG_NS = 'http://www.w3.org/2000/svg';
  const WIDTH = 640;
  const HEIGHT = 440;
  const MARGIN = 0.07;  // of the view, around everything drawn
  const bodyColors = ['#1f5fae', '#0f8a7e', '#7b4fc9', '#b5651d', '#2d6a4f', '#9c2f6b', '#3a7ca5'];

  const data = JSON.parse(document.getElementById('dyngen-diagram-data').textContent);
  const eventsBlock = document.getElementById('dyngen-events-data');
  const events = eventsBlock ? JSON.parse(eventsBlock.textContent).events : [];
  const root = document.getElementById('dyngen-diagram');
  const frames = data.frames;
  const identity = { position: [0, 0, 0], rotation: [[1, 0, 0], [0, 1, 0], [0, 0, 1]] };

  // ---- vectors and poses (x_PU = position + rotation x_B)
  const add = (a, b) => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
  const times = (a, s) => [a[0] * s, a[1] * s, a[2] * s];
  const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
  const length = (a) => Math.hypot(a[0], a[1], a[2]);
  const normalized = (a) => times(a, 1 / length(a));
  const rotate = (R, v) => [0, 1, 2].map((i) => R[i][0] * v[0] + R[i][1] * v[1] + R[i][2] * v[2]);
  const place = (pose, v) => add(pose.position, rotate(pose.rotation, v));

  // ---- views: screen right (h) and up (v) as PU coordinates; `along` is the line of sight
  const projections = {
    xy: { label: 'X–Y (side)', axes: ['X', 'Y'], h: (p) => p[0], v: (p) => p[1], along: [0, 0, 1] },
    xz: { label: 'X–Z (side)', axes: ['X', 'Z'], h: (p) => p[0], v: (p) => p[2], along: [0, 1, 0] },
    zy: { label: 'Z–Y (along X)', axes: ['Z', 'Y'], h: (p) => p[2], v: (p) => p[1], along: [1, 0, 0] },
  };

  // Any unit vector normal to `axis`, and a second normal to both: a circle's plane.
  function planeOf(axis) {
    const a = normalized(axis);
    const helper = Math.abs(a[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0];
    const u = normalized(cross(a, helper));
    return [u, cross(a, u)];
  }

  function circlePoints(center, axis, radius) {
    const [u, w] = planeOf(axis);
    const points = [];
    for (let k = 0; k < 96; k++) {
      const angle = (2 * Math.PI * k) / 96;
      points.push(add(center, add(times(u, radius * Math.cos(angle)), times(w, radius * Math.sin(angle)))));
    }
    return points;
  }

  // A shape (diagram.json) at a pose as strokes in PU: {points, closed} or {center, radius} (a
  // disc); `filled` for the shapes that enclose material (spheres, closed polylines).
  function strokes(shape, pose, along) {
    if (shape.type === 'polyline') {
      return [{ points: shape.points.map((p) => place(pose, p)), closed: !!shape.closed, filled: !!shape.closed }];
    }
    if (shape.type === 'sphere') return [{ center: place(pose, shape.center), radius: shape.radius, filled: true }];
    if (shape.type === 'circle') {
      const axis = rotate(pose.rotation, shape.axis);
      return [{ points: circlePoints(place(pose, shape.center), axis, shape.radius), closed: true }];
    }
    // revolution about the frame's X axis
    const axis = rotate(pose.rotation, [1, 0, 0]);
    const across = cross(along, axis);
    const result = [];
    if (length(across) > 0.05) {
      const e = normalized(across);
      for (const side of [1, -1]) {
        result.push({ points: shape.profile.map(([x, r]) => add(add(pose.position, times(axis, x)), times(e, side * r))), closed: false });
      }
    } else {
      for (const [x, r] of shape.profile) {
        if (r > 0) result.push({ points: circlePoints(add(pose.position, times(axis, x)), axis, r), closed: true });
      }
    }
    return result;
  }

  function poseOf(frame, body) {
    return frame.poses[body.name];
  }

  // ---- scales shared by all views
  // The arrows' reference force: the 95th percentile of each frame's largest contact force, so
  // that short impact spikes do not shrink every other arrow to a dot.
  const frameForces = frames
    .map((frame) => Math.max(0, ...(frame.contacts || []).map((contact) => length(contact.force))))
    .filter((force) => force > 0)
    .sort((a, b) => a - b);
  const referenceForce = frameForces.length ? frameForces[Math.floor(0.95 * (frameForces.length - 1))] : 0;

  // Everything a view may show, in metres on its screen axes, over the frames (at most ~80 of
  // them sampled evenly, plus the first and the last).
  function extent(projection) {
    const box = { h0: Infinity, h1: -Infinity, v0: Infinity, v1: -Infinity };
    const take = (p, r = 0) => {
      const h = projection.h(p);
      const v = projection.v(p);
      box.h0 = Math.min(box.h0, h - r); box.h1 = Math.max(box.h1, h + r);
      box.v0 = Math.min(box.v0, v - r); box.v1 = Math.max(box.v1, v + r);
    };
    const takeStrokes = (list) => {
      for (const s of list) (s.points ? s.points.forEach((p) => take(p)) : take(s.center, s.radius));
    };
    for (const shape of data.passive) takeStrokes(strokes(shape, identity, projection.along));
    const stride = Math.max(1, Math.floor(frames.length / 80));
    const sampled = [];
    for (let i = 0; i < frames.length; i += stride) sampled.push(frames[i]);
    sampled.push(frames[frames.length - 1]);
    for (const frame of sampled) {
      for (const body of data.bodies) {
        for (const shape of body.shapes) takeStrokes(strokes(shape, poseOf(frame, body), projection.along));
      }
      for (const contact of frame.contacts || []) take(contact.point);
    }
    if (!isFinite(box.h0)) Object.assign(box, { h0: -1, h1: 1, v0: -1, v1: 1 });
    const pad = 1e-3;
    if (box.h1 - box.h0 < pad) { box.h0 -= pad; box.h1 += pad; }
    if (box.v1 - box.v0 < pad) { box.v0 -= pad; box.v1 += pad; }
    return box;
  }

  // The largest round value (1, 2, 5 x 10^k) not above `limit`.
  function roundDown(limit) {
    const power = Math.pow(10, Math.floor(Math.log10(limit)));
    return [5, 2, 1].map((m) => m * power).find((value) => value <= limit) || power;
  }

  function formatNumber(value, digits = 4) {
    if (value === 0) return '0';
    const magnitude = Math.abs(value);
    if (magnitude >= 1e5 || magnitude < 1e-3) return value.toExponential(2);
    return String(Number(value.toPrecision(digits)));
  }

  function escapeText(text) {
    return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
  }

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text != null) node.textContent = text;
    return node;
  }

  // Metres per newton of the arrows: the reference force as a fifth of the main view's size; an
  // arrow is cut (dashed) at twice that length.
  const mainExtent = extent(projections.xy);
  const referenceLength = 0.2 * Math.min(mainExtent.h1 - mainExtent.h0, mainExtent.v1 - mainExtent.v0);
  const forceScale = referenceForce > 0 ? referenceLength / referenceForce : 0;

  // ---- one view: an SVG panel with its own projection, zoom and pan
  class View {
    constructor(container, projectionName) {
      this.panel = element('div', 'diagram-view');
      const title = element('div', 'view-title');
      const select = element('select');
      for (const [name, projection] of Object.entries(projections)) {
        const option = element('option', null, projection.label);
        option.value = name;
        select.appendChild(option);
      }
      select.value = projectionName;
      select.setAttribute('aria-label', 'projection');
      select.addEventListener('change', () => { this.setProjection(select.value); this.draw(); });
      title.append(select, element('span', null, 'PU axes, orthographic'));
      this.svg = document.createElementNS(SVG_NS, 'svg');
      this.svg.setAttribute('viewBox', `0 0 ${WIDTH} ${HEIGHT}`);
      this.svg.setAttribute('role', 'img');
      this.layers = {};
      for (const name of ['guides', 'passive', 'bodies', 'contacts', 'overlay']) {
        const g = document.createElementNS(SVG_NS, 'g');
        g.setAttribute('class', name);
        this.svg.appendChild(g);
        this.layers[name] = g;
      }
      this.panel.append(title, this.svg, element('div', 'view-hint', 'drag: pan · ctrl+wheel: zoom · double-click: fit'));
      container.appendChild(this.panel);
      this.setProjection(projectionName);
      this.listen();
    }

    setProjection(name) {
      this.projection = projections[name];
      this.box = extent(this.projection);
      this.passiveStrokes = data.passive.flatMap((shape) => strokes(shape, identity, this.projection.along));
      this.fit();
    }

    fit() {
      const box = this.box;
      this.scale = Math.min((WIDTH * (1 - 2 * MARGIN)) / (box.h1 - box.h0), (HEIGHT * (1 - 2 * MARGIN)) / (box.v1 - box.v0));
      this.centerH = (box.h0 + box.h1) / 2;
      this.centerV = (box.v0 + box.v1) / 2;
    }

    // PU point -> SVG pixel
    pixel(p) {
      return [WIDTH / 2 + (this.projection.h(p) - this.centerH) * this.scale,
              HEIGHT / 2 - (this.projection.v(p) - this.centerV) * this.scale];
    }

    path(stroke) {
      const d = stroke.points.map((p, i) => {
        const [x, y] = this.pixel(p);
        return (i ? 'L' : 'M') + x.toFixed(1) + ' ' + y.toFixed(1);
      }).join('');
      return d + (stroke.closed ? 'Z' : '');
    }

    strokeMarkup(stroke, className, style) {
      if (stroke.points) return `<path class="${className}" d="${this.path(stroke)}" style="${style}"/>`;
      const [x, y] = this.pixel(stroke.center);
      return `<circle class="${className}" cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(stroke.radius * this.scale).toFixed(1)}" style="${style}"/>`;
    }

    listen() {
      let drag = null;
      this.svg.addEventListener('mousedown', (event) => {
        drag = { x: event.clientX, y: event.clientY, h: this.centerH, v: this.centerV };
        this.svg.classList.add('dragging');
      });
      window.addEventListener('mousemove', (event) => {
        if (!drag) return;
        const perPixel = WIDTH / this.svg.getBoundingClientRect().width / this.scale;
        this.centerH = drag.h - (event.clientX - drag.x) * perPixel;
        this.centerV = drag.v + (event.clientY - drag.y) * perPixel;
        this.draw();
      });
      window.addEventListener('mouseup', () => { drag = null; this.svg.classList.remove('dragging'); });
      this.svg.addEventListener('dblclick', () => { this.fit(); this.draw(); });
      this.svg.addEventListener('wheel', (event) => {
        if (!event.ctrlKey && !event.metaKey) return;
        event.preventDefault();
        const rect = this.svg.getBoundingClientRect();
        const x = ((event.clientX - rect.left) / rect.width) * WIDTH;
        const y = ((event.clientY - rect.top) / rect.height) * HEIGHT;
        // keep the point under the cursor in place
        const h = this.centerH + (x - WIDTH / 2) / this.scale;
        const v = this.centerV - (y - HEIGHT / 2) / this.scale;
        this.scale *= Math.exp(-event.deltaY * 0.0015);
        this.centerH = h - (x - WIDTH / 2) / this.scale;
        this.centerV = v + (y - HEIGHT / 2) / this.scale;
        this.draw();
      }, { passive: false });
    }

    drawGuides() {
      const [ox, oy] = this.pixel([0, 0, 0]);
      let markup = '';
      if (this.projection.axes[0] === 'X') {
        markup += `<line class="unit-axis" x1="0" y1="${oy.toFixed(1)}" x2="${WIDTH}" y2="${oy.toFixed(1)}"/>`;
      } else {
        markup += `<line class="unit-axis" x1="${(ox - 40).toFixed(1)}" y1="${oy.toFixed(1)}" x2="${(ox + 40).toFixed(1)}" y2="${oy.toFixed(1)}"/>` +
                  `<line class="unit-axis" x1="${ox.toFixed(1)}" y1="${(oy - 40).toFixed(1)}" x2="${ox.toFixed(1)}" y2="${(oy + 40).toFixed(1)}"/>`;
      }
      this.layers.guides.innerHTML = markup;
      this.layers.passive.innerHTML = this.passiveStrokes
        .map((s) => this.strokeMarkup(s, 'passive-surface', ''))
        .join('');
    }

    drawOverlay() {
      // axis triad (top right), length and force scale bars (bottom left)
      const [a, b] = this.projection.axes;
      const tx = WIDTH - 66;
      const ty = 58;
      let markup =
        `<line class="scale-bar" x1="${tx}" y1="${ty}" x2="${tx + 30}" y2="${ty}"/>` +
        `<path d="M${tx + 36} ${ty}L${tx + 28} ${ty - 4}L${tx + 28} ${ty + 4}Z" fill="#1d2430"/>` +
        `<line class="scale-bar" x1="${tx}" y1="${ty}" x2="${tx}" y2="${ty - 30}"/>` +
        `<path d="M${tx} ${ty - 36}L${tx - 4} ${ty - 28}L${tx + 4} ${ty - 28}Z" fill="#1d2430"/>` +
        `<text x="${tx + 40}" y="${ty + 4}">${a}</text><text x="${tx - 4}" y="${ty - 42}">${b}</text>`;
      const metres = roundDown((WIDTH * 0.22) / this.scale);
      const bar = metres * this.scale;
      const y0 = HEIGHT - 22;
      markup += `<line class="scale-bar" x1="16" y1="${y0}" x2="${(16 + bar).toFixed(1)}" y2="${y0}"/>` +
                `<line class="scale-bar" x1="16" y1="${y0 - 4}" x2="16" y2="${y0 + 4}"/>` +
                `<line class="scale-bar" x1="${(16 + bar).toFixed(1)}" y1="${y0 - 4}" x2="${(16 + bar).toFixed(1)}" y2="${y0 + 4}"/>` +
                `<text x="${(22 + bar).toFixed(1)}" y="${y0 + 4}">${formatNumber(metres)} m</text>`;
      if (forceScale > 0) {
        const newtons = roundDown((WIDTH * 0.22) / this.scale / forceScale);
        const arrow = newtons * forceScale * this.scale;
        const y1 = y0 - 20;
        markup += `<line class="force-arrow" x1="16" y1="${y1}" x2="${(16 + arrow).toFixed(1)}" y2="${y1}"/>` +
                  `<text x="${(22 + arrow).toFixed(1)}" y="${y1 + 4}">${formatNumber(newtons)} N</text>`;
      }
      this.layers.overlay.innerHTML = markup;
    }

    drawFrame(frame) {
      let bodies = '';
      data.bodies.forEach((body, index) => {
        const color = bodyColors[index % bodyColors.length];
        const fill = `fill:${color};fill-opacity:0.10;stroke:${color}`;
        const line = `fill:none;stroke:${color}`;
        const pose = poseOf(frame, body);
        bodies += `<g data-body="${escapeText(body.name)}"><title>${escapeText(body.name)}</title>`;
        for (const shape of body.shapes) {
          for (const s of strokes(shape, pose, this.projection.along)) {
            bodies += this.strokeMarkup(s, 'body-shape', s.filled ? fill : line);
          }
        }
        bodies += '</g>';
      });
      this.layers.bodies.innerHTML = bodies;

      let contacts = '';
      for (const contact of frame.contacts || []) {
        const [x, y] = this.pixel(contact.point);
        const force = length(contact.force);
        const cut = force * forceScale > 2 * referenceLength;
        const drawn = cut ? (2 * referenceLength) / force : forceScale;
        const tip = this.pixel(add(contact.point, times(contact.force, -drawn)));
        const dx = tip[0] - x;
        const dy = tip[1] - y;
        const pixels = Math.hypot(dx, dy);
        const title = `<title>${escapeText(contact.pair)}: ${formatNumber(force)} N</title>`;
        if (pixels > 4) {
          // a head of fixed size, so short arrows stay readable
          const ux = dx / pixels;
          const uy = dy / pixels;
          const head = Math.min(11, pixels * 0.6);
          const bx = tip[0] - ux * head;
          const by = tip[1] - uy * head;
          contacts += `<g>${title}<line class="force-arrow${cut ? ' cut' : ''}" x1="${x.toFixed(1)}" y1="${y.toFixed(1)}" x2="${bx.toFixed(1)}" y2="${by.toFixed(1)}"/>` +
                      `<path class="force-head" d="M${tip[0].toFixed(1)} ${tip[1].toFixed(1)}L${(bx - uy * head * 0.45).toFixed(1)} ${(by + ux * head * 0.45).toFixed(1)}` +
                      `L${(bx + uy * head * 0.45).toFixed(1)} ${(by - ux * head * 0.45).toFixed(1)}Z"/></g>`;
        }
        contacts += `<circle class="contact-point" cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="4.5">${title}</circle>`;
      }
      this.layers.contacts.innerHTML = contacts;
    }

    draw() {
      this.drawGuides();
      this.drawOverlay();
      this.drawFrame(frames[player.index]);
    }
  }

  // ---- layout
  const controls = element('div', 'diagram-controls');
  const back = element('button', null, '◀');
  back.title = 'previous frame (←)';
  const play = element('button', 'play', '▶ Play');
  play.title = 'play / pause (space)';
  const forward = element('button', null, '▶');
  forward.title = 'next frame (→)';
  const sliderBox = element('div', 'diagram-slider');
  const slider = element('input');
  slider.type = 'range';
  slider.min = 0;
  slider.max = frames.length - 1;
  slider.step = 1;
  slider.value = 0;
  slider.setAttribute('aria-label', 'frame');
  const ticks = element('div', 'slider-events');
  sliderBox.append(slider, ticks);
  const clock = element('div', 'diagram-time');
  const speed = element('select');
  speed.title = 'playback speed (simulated seconds per second)';
  const speeds = [0.05, 0.1, 0.25, 0.5, 1, 2, 5];
  for (const value of speeds) {
    const option = element('option', null, value + '×');
    option.value = value;
    speed.appendChild(option);
  }
  const duration = frames[frames.length - 1].time - frames[0].time;
  // a run plays in about ten seconds by default
  speed.value = speeds.reduce((best, s) => (Math.abs(Math.log(duration / s / 10)) < Math.abs(Math.log(duration / best / 10)) ? s : best));
  controls.append(back, play, forward, sliderBox, clock, speed);

  const body = element('div', 'diagram-body');
  const viewsBox = element('div', 'diagram-views');
  const info = element('div', 'diagram-info');
  body.append(viewsBox, info);
  root.append(controls, body);
  root.tabIndex = 0;

  const contactList = element('ul');
  const latchList = element('ul');
  const legend = element('ul');
  info.append(element('h4', null, 'Contacts'), contactList);
  const latchNames = [...new Set(frames.flatMap((f) => Object.keys(f.latches || {})))];
  if (latchNames.length) info.append(element('h4', null, 'Latches'), latchList);
  info.append(element('h4', null, 'Legend'), legend);
  const legendItem = (color, text) => {
    const item = element('li');
    const label = element('span', 'name');
    const swatch = element('span', 'swatch');
    swatch.style.background = color;
    label.append(swatch, document.createTextNode(text));
    item.appendChild(label);
    legend.appendChild(item);
  };
  legendItem('#4a5568', 'passive unit (PU)');
  data.bodies.forEach((b, i) => legendItem(bodyColors[i % bodyColors.length], b.name));
  legendItem('#c62828', 'contact point, force on the active unit (dashed: cut at twice the scale bar)');

  // event marks under the slider
  const firstTime = frames[0].time;
  for (const event of events) {
    if (event.time < firstTime || event.time > frames[frames.length - 1].time) continue;
    const mark = element('span', 'category-' + event.category);
    mark.style.left = (duration > 0 ? (100 * (event.time - firstTime)) / duration : 0) + '%';
    mark.title = event.time + ' s: ' + event.event;
    mark.addEventListener('click', () => window.dyngenTime.select(event.time, 'slider'));
    ticks.appendChild(mark);
  }

  // The first frame at or after `time` (the last frame after the end), so that a selected event
  // is shown with its effect, a latch triggered at that time drawn triggered.
  function frameAt(time) {
    let low = 0;
    let high = frames.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (frames[middle].time >= time - 1e-9) high = middle; else low = middle + 1;
    }
    return low;
  }

  function updateInfo(frame) {
    clock.textContent = `t = ${frame.time.toFixed(4)} s   ${player.index + 1}/${frames.length}`;
    const contacts = frame.contacts || [];
    contactList.innerHTML = contacts.length
      ? contacts.map((c) => `<li><span class="name">${escapeText(c.pair)}</span><span>${formatNumber(length(c.force))} N</span></li>`).join('')
      : '<li class="none">none</li>';
    latchList.innerHTML = latchNames.map((name) => {
      const state = frame.latches && frame.latches[name];
      const on = state === true || state === 1;
      return `<li><span class="name"><span class="lamp${on ? ' on' : ''}"></span>${escapeText(name)}</span><span>${on ? 'triggered' : 'open'}</span></li>`;
    }).join('');
  }

  // ---- playback
  const player = {
    index: 0,
    playing: false,
    clockTime: 0,
    lastStamp: 0,
    lastAnnounced: 0,
  };
  const views = [new View(viewsBox, 'xy'), new View(viewsBox, 'xz')];

  function announce() {
    window.dyngenTime.select(frames[player.index].time, 'diagram');
  }

  function show(index, { announceTime = true } = {}) {
    player.index = Math.max(0, Math.min(frames.length - 1, index));
    slider.value = player.index;
    const frame = frames[player.index];
    for (const view of views) view.drawFrame(frame);
    updateInfo(frame);
    if (announceTime) announce();
  }

  function setPlaying(playing) {
    player.playing = playing;
    play.textContent = playing ? '❚❚ Pause' : '▶ Play';
    if (!playing) { announce(); return; }
    if (player.index === frames.length - 1) show(0, { announceTime: false });
    player.clockTime = frames[player.index].time;
    player.lastStamp = performance.now();
    requestAnimationFrame(step);
  }

  function step(stamp) {
    if (!player.playing) return;
    player.clockTime += ((stamp - player.lastStamp) / 1000) * Number(speed.value);
    player.lastStamp = stamp;
    let index = player.index;
    while (index + 1 < frames.length && frames[index + 1].time <= player.clockTime) index++;
    if (index !== player.index) {
      show(index, { announceTime: false });
      // charts follow at a calmer rate than the animation
      if (stamp - player.lastAnnounced > 120) { announce(); player.lastAnnounced = stamp; }
    }
    if (player.index === frames.length - 1) { setPlaying(false); return; }
    requestAnimationFrame(step);
  }

  slider.addEventListener('input', () => { setPlayingIfNeeded(false); show(Number(slider.value)); });
  play.addEventListener('click', () => setPlaying(!player.playing));
  back.addEventListener('click', () => { setPlayingIfNeeded(false); show(player.index - 1); });
  forward.addEventListener('click', () => { setPlayingIfNeeded(false); show(player.index + 1); });
  root.addEventListener('keydown', (event) => {
    if (event.target.tagName === 'SELECT') return;
    const keys = {
      ' ': () => setPlaying(!player.playing),
      ArrowLeft: () => { setPlayingIfNeeded(false); show(player.index - 1); },
      ArrowRight: () => { setPlayingIfNeeded(false); show(player.index + 1); },
      Home: () => show(0),
      End: () => show(frames.length - 1),
    };
    if (keys[event.key] && event.target.type !== 'range') {
      event.preventDefault();
      keys[event.key]();
    }
  });

  function setPlayingIfNeeded(playing) {
    if (player.playing !== playing) {
      player.playing = playing;
      play.textContent = playing ? '❚❚ Pause' : '▶ Play';
    }
  }

  document.addEventListener('dyngen:time', (event) => {
    if (event.detail.origin === 'diagram') return;
    setPlayingIfNeeded(false);
    show(frameAt(event.detail.time), { announceTime: false });
  });

  for (const view of views) view.draw();
  show(0, { announceTime: false });
})();
