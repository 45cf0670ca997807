// Starts the shared cache on loopback in front of apps on loopback ports, as the shared-cache
// test and the bench do: run-varnishd.sh with default.vcl, and a backends.vcl of their own
// (compose/backends.vcl names compose's services instead). Node only, no dependencies.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** Starts varnishd on `port` in front of the REST API and the gateway; resolves once it answers. */
export async function startLoopbackVarnish({ port, restPort, graphqlPort, memory = '64m' }) {
  // Readable by all: run as root, varnishd compiles the VCL as its own unprivileged user.
  const dir = mkdtempSync(join(tmpdir(), 'qpc-varnish-'));
  chmodSync(dir, 0o755);
  const backend = (name, p) => `backend ${name} { .host = "127.0.0.1"; .port = "${p}"; }\n`;
  writeFileSync(
    join(dir, 'backends.vcl'),
    backend('rest', restPort) + backend('graphql', graphqlPort),
  );
  const work = join(dir, 'work');
  const args = ['-a', `127.0.0.1:${port}`, '-n', work, '-T', 'none', '-p', `vcl_path=${dir}`];
  const child = spawn('sh', [join(here, 'run-varnishd.sh'), ...args], {
    env: { ...process.env, VARNISH_MEMORY: memory },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  // The VCL is compiled with the C compiler at start: seconds on a loaded machine.
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(url).then(
      () => true,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`varnishd did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    output: () => output,
    /** Requests the cache sent to the apps so far (varnishstat's MAIN.backend_req). */
    originRequests() {
      const stat = execFileSync('varnishstat', ['-n', work, '-j', '-f', 'MAIN.backend_req']);
      return JSON.parse(String(stat)).counters['MAIN.backend_req'].value;
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
