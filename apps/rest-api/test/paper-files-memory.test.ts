// A 20 MiB upload and download through the app created in this process, with the heap and the
// Buffers it holds measured after a full collection at several points of each transfer: a
// server that held the file whole would hold at least three quarters of it at the last point.
import { createHash, randomUUID } from 'node:crypto';
import { get, request } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { samplePdf } from '@qpc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOffering, makePaper } from './support/fixtures.js';
import { startApp, type RunningApp } from './support/harness.js';
import { makeCallers, type TestUser } from './support/users.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const MiB = 1024 * 1024;
const SIZE = 20 * MiB;
const PIECE = 64 * 1024;
/** Live memory allowed above the baseline at any sample; the file is 20 MiB. */
const BUDGET = 6 * MiB;

/** Live JS heap plus Buffers, after a full collection. */
function liveBytes(): number {
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
    passed(bytes: number) {
      while (marks.length > 0 && bytes >= marks[0]!) {
        marks.shift();
        growth.push(liveBytes() - baseline);
      }
    },
  };
}

describe('paper file memory', () => {
  let app: RunningApp;
  let editor: TestUser;
  let paperId: string;
  beforeAll(async () => {
    app = await startApp();
    const callers = await makeCallers();
    editor = callers.editor;
    const { offering } = await makeOffering(callers.admin.actor);
    paperId = (await makePaper(callers.admin.actor, offering.id)).id;
  });
  afterAll(async () => app.close());

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
    const baseline = liveBytes();
    const up = sampler(baseline);
    const uploaded = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${app.url}/api/v1/papers/${paperId}/file`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${editor.token}`, 'content-type': 'application/pdf' },
      });
      req.on('error', reject);
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      const write = () => {
        for (let piece = nextPiece(); piece; piece = nextPiece()) {
          up.passed(produced);
          if (!req.write(piece)) {
            req.once('drain', write);
            return;
          }
        }
        req.end();
      };
      write();
    });
    expect(uploaded.status).toBe(200);
    const sha256 = hash.digest('hex');
    expect(JSON.parse(uploaded.body).data.file).toMatchObject({ size: SIZE, sha256 });

    const down = sampler(liveBytes());
    const received = createHash('sha256');
    let count = 0;
    const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
      get(`${app.url}/api/v1/papers/${paperId}/file`, (res) => {
        res.on('data', (chunk: Buffer) => {
          received.update(chunk);
          count += chunk.length;
          down.passed(count);
        });
        res.on('end', () => resolve(res.headers));
        res.on('error', reject);
      }).on('error', reject);
    });
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
