// The shared cache as the project starts it: deploy/varnish/run-varnishd.sh with the project's
// default.vcl, on a loopback port, in front of apps on loopback (a backends.vcl of our own, found
// first on vcl_path, stands in for compose's).
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exitOf, isPortOpen } from '../../../reliability/test/support/processes.js';
import { repoRoot } from './packaged.js';

export interface VarnishProcess {
  /** `http://127.0.0.1:<port>`: REST under /api/v1, GraphQL at /graphql. */
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts varnishd on `port` in front of the REST API and the gateway on their loopback ports. */
export async function startVarnish(options: {
  port: number;
  restPort: number;
  graphqlPort: number;
}): Promise<VarnishProcess> {
  // Readable by all: run as root, varnishd compiles the VCL as its own unprivileged user.
  const dir = mkdtempSync(join(tmpdir(), 'qpc-varnish-'));
  chmodSync(dir, 0o755);
  writeFileSync(
    join(dir, 'backends.vcl'),
    `backend rest { .host = "127.0.0.1"; .port = "${options.restPort}"; }\n` +
      `backend graphql { .host = "127.0.0.1"; .port = "${options.graphqlPort}"; }\n`,
  );
  const varnishDir = join(repoRoot, 'deploy/varnish');
  const child = spawn(
    'sh',
    [
      join(varnishDir, 'run-varnishd.sh'),
      '-a',
      `127.0.0.1:${options.port}`,
      '-n',
      join(dir, 'work'),
      '-T',
      'none',
      '-p',
      `vcl_path=${dir}`,
    ],
    { env: { ...process.env, VARNISH_MEMORY: '64m' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // The VCL is compiled with the C compiler at start: seconds on a loaded machine.
  const deadline = Date.now() + 60_000;
  while (!(await isPortOpen(options.port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`varnishd did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${options.port}`,
    output: () => output,
    async stop() {
      const exited = exitOf(child);
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
