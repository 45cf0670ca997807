// A 20 MiB upload and download through the app created in this process, with the heap and the
// Buffers it holds measured after a full collection at several points of each transfer: a
// server that held the file whole would hold at least three quarters of it at the last point.
import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { get, request } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { makeOffering, makePaper, samplePdf } from '@qpc/domain/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from './support/harness.js';

setFlagsFromString('--expose-gc');
// Freed Buffers leave memoryUsage() only once V8 sweeps them, by default on a background thread
// that lags on a busy machine: sweep them during the collection instead.
setFlagsFromString('--no-concurrent-array-buffer-sweeping');
const gc = runInNewContext('gc') as () => void;

const MiB = 1024 * 1024;
const SIZE = 20 * MiB;
const PIECE = 64 * 1024;
/** Live memory allowed above the baseline at any sample; the file is 20 MiB. */
const BUDGET = 6 * MiB;

/** Live JS heap plus Buffers, after full collections (with the event loop let through first). */
async function liveBytes(): Promise<number> {
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  gc();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

/** Samples live memory when a transfer passes a quarter, a half and three quarters. */
function sampler(baseline: number) {
  const marks = [0.25, 0.5, 0.75].map((f) => Math.floor(f * SIZE));
  const growth: number[] = [];
  return {
    growth,
    async passed(bytes: number) {
      while (marks.length > 0 && bytes >= marks[0]!) {
        marks.shift();
        growth.push((await liveBytes()) - baseline);
      }
    },
  };
}

/** The answer to a request, read whole (a small JSON body). */
async function readAnswer(res: IncomingMessage): Promise<{ status: number; body: string }> {
  let body = '';
  for await (const chunk of res) body += String(chunk);
  return { status: res.statusCode ?? 0, body };
}

describe('paper file memory', () => {
  const { app, callers, editor } = useApp();
  let paperId: string;
  beforeAll(async () => {
    const { offering } = await makeOffering(callers.admin.actor);
    paperId = (await makePaper(callers.admin.actor, offering.id)).id;
  });

  it('when a 20 MiB PDF is uploaded and downloaded, then the process never holds more than a few MiB of it', async () => {
    expect(app.config.paperFileMaxBytes).toBe(SIZE);
    const head = samplePdf(`Large ${randomUUID()}`);
    const hash = createHash('sha256');
    let produced = 0;
    /** The next 64 KiB of the file, made on demand: the test never holds the file either. */
    const nextPiece = (): Buffer | null => {
      if (produced >= SIZE) return null;
      const piece = Buffer.alloc(Math.min(PIECE, SIZE - produced), produced % 251);
      if (produced === 0) head.copy(piece);
      produced += piece.length;
      hash.update(piece);
      return piece;
    };

    // node:http on both sides of the test: it honours backpressure (the fetch of Node 20 buffers
    // a streamed request body ahead of the socket, which would be counted here too).
    const up = sampler(await liveBytes());
    const req = request(`${app.url}/api/v1/papers/${paperId}/file`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${editor.token}`, 'content-type': 'application/pdf' },
    });
    const answer = once(req, 'response').then(([res]) => readAnswer(res as IncomingMessage));
    for (let piece = nextPiece(); piece; piece = nextPiece()) {
      await up.passed(produced);
      if (!req.write(piece)) await once(req, 'drain');
    }
    req.end();
    const uploaded = await answer;
    expect(uploaded.status).toBe(200);
    const sha256 = hash.digest('hex');
    expect(JSON.parse(uploaded.body).data.file).toMatchObject({ size: SIZE, sha256 });

    const down = sampler(await liveBytes());
    const received = createHash('sha256');
    let count = 0;
    const [res] = (await once(get(`${app.url}/api/v1/papers/${paperId}/file`), 'response')) as [
      IncomingMessage,
    ];
    // Async iteration pauses the response while a sample is taken.
    for await (const chunk of res) {
      received.update(chunk as Buffer);
      count += (chunk as Buffer).length;
      await down.passed(count);
    }
    const headers = res.headers;
    expect(headers['content-length']).toBe(String(SIZE));
    expect(count).toBe(SIZE);
    expect(received.digest('hex')).toBe(sha256);

    expect(up.growth).toHaveLength(3);
    expect(down.growth).toHaveLength(3);
    const report = `growth in MiB, upload ${up.growth.map((g) => (g / MiB).toFixed(2))}, download ${down.growth.map((g) => (g / MiB).toFixed(2))}`;
    for (const growth of [...up.growth, ...down.growth])
      expect(growth, report).toBeLessThan(BUDGET);
  });
});
