// What an idle server's CPU is made of on this machine. The mongodb driver checks its connection
// pool every 100 ms (`minPoolSizeCheckFrequencyMS`, not a public option), so an idle app and an
// idle (b) wake ten times a second. A bare Node process doing only that shows what the wake-ups
// alone cost here, against the same process with no timer at all.
import { execFile } from 'node:child_process';
import { round } from './lib.mjs';

const CHILD = `
const seconds = Number(process.argv[1]);
if (process.argv[2] === 'timer') setInterval(() => undefined, 100);
const before = process.cpuUsage();
const started = performance.now();
setTimeout(() => {
  const used = process.cpuUsage(before);
  const elapsed = (performance.now() - started) / 1000;
  process.stdout.write(String((used.user + used.system) / 1000 / elapsed));
  process.exit(0);
}, seconds * 1000);
`;

function idleRate(seconds, mode) {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', CHILD, String(seconds), mode], (error, stdout) =>
      error ? reject(error) : resolve(Number(stdout)),
    );
  });
}

/** CPU ms per second of a bare Node process with a 100 ms timer, and with none (run side by side). */
export async function measureTimerCost(seconds = 10) {
  const [withTimer, without] = await Promise.all([
    idleRate(seconds, 'timer'),
    idleRate(seconds, 'none'),
  ]);
  return { seconds, withTimerMsPerSecond: round(withTimer, 2), idleMsPerSecond: round(without, 2) };
}
