import { spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

const onExit = new Map<number, NodeJS.Signals>();
let isHookInstalled = false;

/**
 * Signals `pid` when this process exits without having stopped it (a test run that throws, a
 * script that calls process.exit), so no database process outlives its owner.
 */
export function stopOnExit(pid: number, signal: NodeJS.Signals): void {
  onExit.set(pid, signal);
  if (isHookInstalled) return;
  isHookInstalled = true;
  process.on('exit', () => {
    for (const [target, sig] of onExit) {
      try {
        process.kill(target, sig);
      } catch {
        /* already gone */
      }
    }
  });
}

export function forgetOnExit(pid: number): void {
  onExit.delete(pid);
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The command name of a live process (Linux), or null when it cannot be read. */
export function commandName(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return null;
  }
}

let setprivPath: string | null | undefined;

/**
 * `setpriv --pdeathsig SIG -- cmd` (util-linux) makes the kernel signal the child when this
 * process dies, even by SIGKILL, where no exit hook runs. Without setpriv, the exit hook alone.
 */
export function withParentDeathSignal(
  command: string,
  args: string[],
  signal: 'INT' | 'TERM',
): { command: string; args: string[] } {
  if (setprivPath === undefined) {
    const probe = spawnSync('sh', ['-c', 'command -v setpriv'], { encoding: 'utf8' });
    setprivPath = probe.status === 0 && probe.stdout.trim() ? probe.stdout.trim() : null;
  }
  return setprivPath
    ? { command: setprivPath, args: ['--pdeathsig', signal, '--', command, ...args] }
    : { command, args };
}

/** Waits until the process is gone: the child's exit event, or polling a process we adopted. */
export async function waitForExit(
  pid: number,
  child: ChildProcess | null,
  timeoutMs: number,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  if (child) {
    if (child.exitCode !== null || child.signalCode !== null) return true;
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}
