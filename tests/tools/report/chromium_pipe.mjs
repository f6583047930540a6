// Headless Chromium driven over its DevTools protocol pipe (--remote-debugging-pipe: commands
// are written to the browser's fd 3, replies and events read from its fd 4, each message JSON
// ended by a NUL byte). Needs nothing but node and Debian's chromium: no browser download, no
// WebSocket, no npm package.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const COMMAND_TIMEOUT_MS = 15000;

export class Chromium {
  // Starts the browser with a fresh profile that is removed again by close().
  static async launch({ executable = '/usr/bin/chromium', width = 1400, height = 1000 } = {}) {
    const profile = mkdtempSync(join(tmpdir(), 'dyngen-chromium-'));
    const child = spawn(executable, [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage',
      '--hide-scrollbars', '--mute-audio', `--window-size=${width},${height}`,
      `--user-data-dir=${profile}`, '--remote-debugging-pipe', 'about:blank',
    ], { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
    const browser = new Chromium(child, profile);
    await new Promise((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', (error) => reject(new Error(`cannot start ${executable}: ${error.message}`)));
    });
    await browser.send('Browser.getVersion');
    return browser;
  }

  constructor(child, profile) {
    this.child = child;
    this.profile = profile;
    this.nextId = 1;
    this.pending = new Map();
    this.listeners = new Map();  // "sessionId method" -> handlers
    this.stderr = '';
    this.exited = new Promise((resolve) => child.once('exit', resolve));
    child.stderr.on('data', (chunk) => { this.stderr = (this.stderr + chunk).slice(-4000); });
    let buffer = Buffer.alloc(0);
    child.stdio[4].on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (let end = buffer.indexOf(0); end >= 0; end = buffer.indexOf(0)) {
        this.receive(JSON.parse(buffer.subarray(0, end).toString('utf8')));
        buffer = buffer.subarray(end + 1);
      }
    });
  }

  receive(message) {
    if (message.id != null) {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      clearTimeout(waiting.timer);
      if (message.error) waiting.reject(new Error(`${waiting.method}: ${message.error.message}`));
      else waiting.resolve(message.result);
      return;
    }
    for (const handler of this.listeners.get(`${message.sessionId || ''} ${message.method}`) || []) handler(message.params);
  }

  send(method, params = {}, sessionId = undefined) {
    const id = this.nextId++;
    const message = JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method}: no reply within ${COMMAND_TIMEOUT_MS} ms; chromium said: ${this.stderr}`));
      }, COMMAND_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer, method });
      this.child.stdio[3].write(message + '\0');
    });
  }

  on(method, handler, sessionId = undefined) {
    const key = `${sessionId || ''} ${method}`;
    if (!this.listeners.has(key)) this.listeners.set(key, []);
    this.listeners.get(key).push(handler);
  }

  // A new tab with its own session; its commands and events go through the returned object.
  async newPage() {
    const { targetId } = await this.send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await this.send('Target.attachToTarget', { targetId, flatten: true });
    return {
      send: (method, params = {}) => this.send(method, params, sessionId),
      on: (method, handler) => this.on(method, handler, sessionId),
      once: (method) => new Promise((resolve) => {
        let done = false;
        this.on(method, (params) => { if (!done) { done = true; resolve(params); } }, sessionId);
      }),
    };
  }

  async close() {
    try {
      await Promise.race([this.send('Browser.close'), new Promise((resolve) => setTimeout(resolve, 3000))]);
    } catch {
      // the pipe closes as the browser exits
    }
    const timeout = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    await this.exited;
    clearTimeout(timeout);
    rmSync(this.profile, { recursive: true, force: true });
  }
}
