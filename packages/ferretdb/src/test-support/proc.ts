// Linux /proc readers for the process tests: who listens where, and who is a child of whom.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]!);
    } catch {
      /* fd closed meanwhile */
    }
  }
  return inodes;
}

/** `1F90` little-endian hex address of /proc/net/tcp to `127.0.0.1`; tcp6 as hex. */
function decodeAddress(hex: string): string {
  if (hex.length !== 8) return hex;
  return [6, 4, 2, 0].map((i) => parseInt(hex.slice(i, i + 2), 16)).join('.');
}

/** Every TCP address `pid` listens on, as `ip:port` (IPv6 ones as raw hex). */
export function listeningAddresses(pid: number): string[] {
  const inodes = socketInodes(pid);
  const found: string[] = [];
  for (const table of ['tcp', 'tcp6']) {
    const lines = readFileSync(`/proc/${pid}/net/${table}`, 'utf8').trim().split('\n').slice(1);
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      const [address, port] = fields[1]!.split(':');
      if (fields[3] === '0A' && inodes.has(fields[9]!)) {
        found.push(`${decodeAddress(address!)}:${parseInt(port!, 16)}`);
      }
    }
  }
  return found;
}

/** Pids whose parent is `pid`. */
export function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      /* process ended meanwhile */
    }
  }
  return children;
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
