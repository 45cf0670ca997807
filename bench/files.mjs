// Paper files (issue 15): upload and download of a 5 MiB PDF through the REST app, and the
// app's RSS while 20 downloads run at once. Runs only when the app has the route (a 404 "Route
// not found" otherwise: reported as not measured).
import { createRandom, sleep } from './lib.mjs';
import { latencyStats, measuredRun } from './load.mjs';

const MiB = 2 ** 20;
export const FILE_BYTES = 5 * MiB;
const PARALLEL_DOWNLOADS = 20;

/** A well-formed PDF of exactly `bytes` bytes whose stream is seeded noise (like a scan). */
export function makePdf(bytes, seed) {
  const rnd = createRandom(seed);
  const head = Buffer.from(
    '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n' +
      '2 0 obj <</Type/Pages/Kids[]/Count 0>> endobj\n',
    'latin1',
  );
  const tail = Buffer.from('\nendstream endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n', 'latin1');
  const opening = (length) =>
    Buffer.from(`3 0 obj <</Length ${String(length).padStart(9, '0')}>> stream\n`, 'latin1');
  const length = bytes - head.length - tail.length - opening(0).length;
  const body = Buffer.alloc(length);
  for (let i = 0; i < length; i += 1) body[i] = Math.floor(rnd.next() * 256);
  return Buffer.concat([head, opening(length), body, tail]);
}

async function upload(url, paperId, pdf, token) {
  const started = performance.now();
  const res = await fetch(`${url}/api/v1/papers/${paperId}/file`, {
    method: 'PUT',
    headers: { 'content-type': 'application/pdf', authorization: `Bearer ${token}` },
    body: pdf,
  });
  const text = await res.text();
  return { status: res.status, ms: performance.now() - started, text };
}

async function download(url, paperId) {
  const res = await fetch(`${url}/api/v1/papers/${paperId}/file`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  return { status: res.status, bytes };
}

/** Uploads, download runs and the RSS watch; `null` fields when the route is missing. */
export async function measureFiles({ rest, pick, editorToken, settings, dbPids, log }) {
  const probe = await fetch(`${rest.url}/api/v1/papers/${pick.filePaperIds[0]}/file`);
  const probeText = await probe.text();
  if (probe.status === 404 && /Route not found/.test(probeText))
    return { skipped: 'not on this branch (404 Route not found: GET /api/v1/papers/:id/file)' };
  const pdfs = pick.filePaperIds.map((_, i) => makePdf(FILE_BYTES, 1000 + i));
  const first = await upload(rest.url, pick.filePaperIds[0], pdfs[0], editorToken);
  if (first.status !== 200 && first.status !== 201)
    return {
      skipped: `PUT /papers/:id/file answered ${first.status}: ${first.text.slice(0, 200)}`,
    };

  const uploads = [first];
  for (let i = 1; i < pick.filePaperIds.length; i += 1) {
    const result = await upload(rest.url, pick.filePaperIds[i], pdfs[i], editorToken);
    if (result.status >= 300)
      return { skipped: `upload ${i + 1} answered ${result.status}: ${result.text.slice(0, 200)}` };
    uploads.push(result);
  }
  const uploadStats = latencyStats(uploads.map((u) => u.ms));
  log(
    `  files: ${uploads.length} uploads of 5 MiB, p50 ${uploadStats.p50.toFixed(0)} ms (${(FILE_BYTES / MiB / (uploadStats.p50 / 1000)).toFixed(1)} MiB/s)`,
  );

  const paperId = pick.filePaperIds[0];
  const check = await download(rest.url, paperId);
  if (check.status !== 200 || check.bytes !== FILE_BYTES)
    return { skipped: `GET /papers/:id/file answered ${check.status} with ${check.bytes} bytes` };
  const scenario = {
    name: 'rest.file-download',
    requests: () => [{ method: 'GET', path: `/api/v1/papers/${paperId}/file`, headers: {} }],
  };
  const downloads = await measuredRun(
    rest,
    scenario,
    'rest',
    { connections: 1, seconds: settings.duration },
    dbPids,
  );
  log(
    `  files: download p50 ${downloads.p50?.toFixed(0)} ms, ${(downloads.bytesPerSecond / MiB).toFixed(1)} MiB/s with one connection`,
  );

  // RSS while 20 downloads run at once, sampled every 20 ms; three rounds, the worst kept.
  const rounds = [];
  for (let round = 0; round < 3; round += 1) {
    await sleep(500);
    const before = await rest.request({ type: 'memory' });
    let running = true;
    const samples = [];
    const sampler = (async () => {
      while (running) {
        samples.push(await rest.request({ type: 'memory' }));
        await sleep(20);
      }
    })();
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: PARALLEL_DOWNLOADS }, () => download(rest.url, paperId)),
    );
    const seconds = (performance.now() - started) / 1000;
    running = false;
    await sampler;
    const maxRss = Math.max(before.rss, ...samples.map((s) => s.rss));
    rounds.push({
      rssBefore: before.rss,
      rssMax: maxRss,
      rssGrowth: maxRss - before.rss,
      samples: samples.length,
      seconds,
      ok: results.filter((r) => r.status === 200 && r.bytes === FILE_BYTES).length,
      mibPerSecond: (results.reduce((n, r) => n + r.bytes, 0) / MiB) * (1 / seconds),
    });
  }
  const worst = rounds.reduce((a, b) => (b.rssGrowth > a.rssGrowth ? b : a));
  log(
    `  files: ${PARALLEL_DOWNLOADS} parallel downloads: RSS +${(worst.rssGrowth / MiB).toFixed(1)} MiB at most (${worst.ok}/${PARALLEL_DOWNLOADS} complete, ${worst.mibPerSecond.toFixed(0)} MiB/s)`,
  );
  return {
    fileBytes: FILE_BYTES,
    uploads: { count: uploads.length, ...uploadStats, ms: uploads.map((u) => u.ms) },
    download: downloads,
    parallel: { downloads: PARALLEL_DOWNLOADS, rounds, worst },
  };
}
