// The processes under load: each app, capture process and baseline is a child process of its
// own (bench/server.mjs), so its CPU time and RSS are its own. stopAll() ends every one of them.
import { fork } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib.mjs';

/** A pool of bench servers sharing an environment; `start` resolves once the server listens. */
export function createServerPool({ workDir, env }) {
  const servers = new Map();
  let messageId = 0;

  async function start(name, kind, extraEnv = {}) {
    const logFile = join(workDir, `${name}.log`);
    const fd = openSync(logFile, 'a');
    const options = { env: { ...env, ...extraEnv }, stdio: ['ignore', fd, fd, 'ipc'] };
    const child = fork(join(root, 'bench/server.mjs'), [kind], options);
    closeSync(fd);
    const pending = new Map();
    const port = await new Promise((resolvePort, reject) => {
      const timer = setTimeout(() => reject(new Error(`${name} did not start in 120 s`)), 120_000);
      child.on('message', (message) => {
        if (message?.type === 'ready') resolvePort(message.port);
        pending.get(message?.id)?.resolve(message);
        pending.delete(message?.id);
      });
      child.once('exit', (code) => {
        const tail = readFileSync(logFile, 'utf8').slice(-3000);
        const error = new Error(`${name} exited (${code}):\n${tail}`);
        reject(error);
        for (const waiting of pending.values()) waiting.reject(error);
      });
      child.once('message', () => clearTimeout(timer));
    });
    const server = {
      url: `http://127.0.0.1:${port}`,
      /** An IPC request (`cpu`, `capture-start`, `register`, ...); resolves with the answer. */
      request(message) {
        const id = (messageId += 1);
        return new Promise((resolve, reject) => {
          if (!child.connected) return reject(new Error(`${name} has exited (log: ${logFile})`));
          pending.set(id, { resolve, reject });
          child.send({ ...message, id });
        });
      },
      async stop() {
        if (child.exitCode !== null) return;
        const exited = new Promise((r) => child.once('exit', r));
        child.send({ type: 'stop' });
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      },
    };
    servers.set(name, server);
    return server;
  }

  return {
    start,
    get: (name) => servers.get(name),
    async stopAll() {
      await Promise.all([...servers.values()].map((s) => s.stop().catch(() => undefined)));
      servers.clear();
    },
  };
}
