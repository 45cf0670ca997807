// An app started as a consumer runs it: its package's start file (the `main` of @qpc/rest-api or
// @qpc/graphql-gateway, resolved from the caller's package) in a child process, on a port the
// system picks, read back from the app's start-up line. No test imports an app's build output.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';

/** The variable each app reads its port from (see @qpc/config). */
const PORT_VARIABLES = {
  '@qpc/rest-api': 'PORT',
  '@qpc/graphql-gateway': 'GRAPHQL_PORT',
} as const;

export type AppPackage = keyof typeof PORT_VARIABLES;

export interface AppProcess {
  name: AppPackage;
  port: number;
  /** `http://127.0.0.1:<port>` (the REST API answers under /api/v1, the gateway at /graphql). */
  url: string;
  child: ChildProcess;
  /** Everything the process wrote so far, stdout and stderr. */
  output: () => string;
  exited: Promise<number | null>;
  /** Sends `signal` (SIGTERM unless told) and resolves with the exit code; SIGKILL after 15 s. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

export interface AppProcessOptions {
  /** `import.meta.url` of the caller, whose package depends on the app. */
  from: string;
  /** The whole environment of the process (see `appProcessEnv`); its port variable is set here. */
  env: Record<string, string>;
  /** How long to wait for the start-up line; generous, as a loaded machine starts slowly. */
  startTimeoutMs?: number;
}

const LISTENING = / listening on http:\/\/127\.0\.0\.1:(\d+)/;

/** Starts the app's start file in a child process and resolves once it listens. */
export async function startAppProcess(
  name: AppPackage,
  options: AppProcessOptions,
): Promise<AppProcess> {
  const entry = createRequire(options.from).resolve(name);
  const child = spawn(process.execPath, [entry], {
    env: { ...options.env, [PORT_VARIABLES[name]]: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + (options.startTimeoutMs ?? 90_000);
  let listening = LISTENING.exec(output);
  while (!listening) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    listening = LISTENING.exec(output);
  }
  const port = Number(listening[1]);
  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
