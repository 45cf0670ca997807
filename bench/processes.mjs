// The processes under load: each app and each baseline is its own child process (bench/server.mjs),
// so its CPU time and RSS are its own. A pool per configuration; stopAll() ends every one of them.
import { fork } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib.mjs';

const TWIN_SUFFIX = '-count';

/**
 * The name of the counting twin of a kind of server: started alike, with `monitoredUri`, it counts
 * round trips, and otherwise serves nothing, so its CPU over a measured run of its kind is that
 * kind's idle CPU over the same seconds (bench/load.mjs).
 */
export const twinName = (kind) => `${kind}${TWIN_SUFFIX}`;

/** The same URI with the driver's command monitoring on (the counting twins only). */
export function monitoredUri(uri) {
  return `${uri}${uri.includes('?') ? '&' : '?'}monitorCommands=true`;
}

/**
 * A pool of bench servers sharing an environment. `start(name, kind, extraEnv)` forks
 * bench/server.mjs and resolves once it listens; each server answers IPC requests (`request`).
 */
export function createServerPool({ workDir, env, cpuProf }) {
  const servers = new Map();
  let messageId = 0;

  async function start(name, kind, extraEnv = {}) {
    const logFile = join(workDir, `${name}.log`);
    const fd = openSync(logFile, 'a');
    const execArgv = ['--expose-gc'];
    if (cpuProf && kind !== 'ceiling' && !name.endsWith(TWIN_SUFFIX)) {
      mkdirSync(cpuProf, { recursive: true });
      execArgv.push(
        '--cpu-prof',
        `--cpu-prof-dir=${cpuProf}`,
        `--cpu-prof-name=${name}.cpuprofile`,
      );
    }
    const child = fork(join(root, 'bench/server.mjs'), [kind], {
      env: { ...env, ...extraEnv },
      stdio: ['ignore', fd, fd, 'ipc'],
      execArgv,
    });
    closeSync(fd);
    const pending = new Map();
    child.on('message', (message) => {
      if (message?.id !== undefined && pending.has(message.id)) {
        pending.get(message.id)(message);
        pending.delete(message.id);
      }
    });
    const port = await new Promise((resolvePort, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${name} did not start within 120 s`)),
        120_000,
      );
      child.on('message', (m) => {
        if (m?.type === 'ready') {
          clearTimeout(timer);
          resolvePort(m.port);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(
          new Error(
            `${name} exited with code ${code}:\n${readFileSync(logFile, 'utf8').slice(-3000)}`,
          ),
        );
      });
    });
    const server = {
      name,
      kind,
      child,
      logFile,
      url: `http://127.0.0.1:${port}`,
      /** The counting twin of the same kind: it serves nothing while this one is measured. */
      idleTwin: () => (name.endsWith(TWIN_SUFFIX) ? undefined : servers.get(twinName(kind))),
      request(message) {
        const id = (messageId += 1);
        return new Promise((resolveReply, reject) => {
          // A process that has exited is a rejection naming its log, not an unhandled 'error'
          // event from send() that would take the whole bench down.
          const refuse = (cause) =>
            reject(new Error(`${name} cannot be asked: ${cause} (its log: ${logFile})`));
          if (!child.connected) {
            refuse('its IPC channel is closed');
            return;
          }
          pending.set(id, resolveReply);
          child.send({ ...message, id }, (error) => {
            if (!error) return;
            pending.delete(id);
            refuse(error.message);
          });
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
    has: (name) => servers.has(name),
    async stopAll() {
      await Promise.all([...servers.values()].map((s) => s.stop().catch(() => undefined)));
      servers.clear();
    },
  };
}
