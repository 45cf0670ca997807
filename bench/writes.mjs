// The writes of the targets: a question insert (against the figure before issue 35), a PDF's
// drafts, deactivating the largest university (the DELETE, then until none of it is visible).
import { apiCall, bearer, round, sleep, stats, timesOver, waitUntil } from './lib.mjs';

/**
 * POST /questions before issue 35's changes (the base of this benchmark's branch), on
 * PostgreSQL at scale 1, one connection: two runs of 300 sequential inserts after 30 unmeasured,
 * on a shared machine under load (load average 10-15). `p50`: the mean of the two runs' p50s
 * (79.3 and 75.9 ms; p25-p75 62.3-107.9 and 58.4-105.8).
 */
export const INSERT_BEFORE = { date: '2026-11-27', commit: '6bd6d21', scale: 1, p50: 77.6 };

/**
 * POST /questions before issue 57's search entries (main 463ef3b), at scale 1, one connection:
 * measured at the same time as the branch's code, the two apps taking turns in blocks of
 * sequential inserts, each on its own catalog built by its own bench code (decision 13, item 1).
 */
export const INSERT_BEFORE_57 = {
  ...{ date: '2026-11-29', commit: '463ef3b', scale: 1, p50: 34.5 },
  how: 'A/B with 28e63b9, load 3.6–6.0',
};

/** Sequential inserts (each text unique: no slug collisions) in `rounds` rounds of `seconds`. */
export async function measureInserts({ url, token, target, rounds = 3, seconds = 2, warmup = 10 }) {
  const run = Date.now().toString(36);
  let n = 0;
  const headers = { 'content-type': 'application/json', ...bearer(token) };
  const insert = async () => {
    n += 1;
    const text = `Bench insert ${run} ${n}: explain the role of caching in layered designs.`;
    const body = JSON.stringify({ ...target, text, type: 'short', difficulty: 'easy', marks: 5 });
    const started = performance.now();
    const res = await fetch(`${url}/api/v1/questions`, { method: 'POST', headers, body });
    const answer = await res.text();
    if (res.status !== 201) throw new Error(`POST /questions answered ${res.status}: ${answer}`);
    return performance.now() - started;
  };
  for (let i = 0; i < warmup; i += 1) await insert();
  const byRound = [];
  for (let r = 0; r < rounds; r += 1) byRound.push(await timesOver(seconds, 20, insert));
  return { ...stats(byRound.flat()), roundP50s: byRound.map((t) => stats(t).p50) };
}

const SETTLE_TIMEOUT_S = 120;

/** DELETE /universities/:id as the admin, then polls until none of its content is visible. */
export async function measureDeactivation({ url, token, universityId, db: bench, collections }) {
  const { mongo } = bench.domain.mongoose;
  const client = new mongo.MongoClient(bench.uri);
  await client.connect();
  try {
    const db = client.db();
    const filter = { universityId: new mongo.ObjectId(universityId), visible: true };
    const count = (kind) => db.collection(collections[kind]).countDocuments(filter);
    const counts = () => Promise.all(['papers', 'questions', 'solutions'].map(count));
    const visibleCount = async () => (await counts()).reduce((a, b) => a + b, 0);
    const before = await visibleCount();
    const started = performance.now();
    const res = await fetch(`${url}/api/v1/universities/${universityId}`, {
      method: 'DELETE',
      headers: bearer(token),
    });
    await res.arrayBuffer();
    const deleteMs = performance.now() - started;
    if (res.status >= 300) throw new Error(`DELETE /universities/:id answered ${res.status}`);
    let left = before;
    while (left > 0 && performance.now() - started < SETTLE_TIMEOUT_S * 1000) {
      await sleep(250);
      left = await visibleCount();
    }
    const settleS = left === 0 ? (performance.now() - started) / 1000 : null;
    return { deleteMs: round(deleteMs, 1), before, left, settleS: round(settleS, 2) };
  } finally {
    await client.close();
  }
}

/** Drafts of a 20-page text PDF, new bytes each run (a file has one paper): upload to `ready`. */
export async function measureDrafts({ url, token, offeringId, db, runs = 3 }) {
  const ask = (n, r) => `Q${n}. Explain hashing and caching in layered design ${n}.${r}. [5 marks]`;
  const at = (y, text) => ({ x: 60, y, text });
  const page = (p, r) => [1, 2, 3].map((k) => at(800 - 200 * k, ask(3 * p + k, r)));
  const pdf = (r) => db.domain.textPdf(Array.from({ length: 20 }, (_, p) => page(p, r)));
  const call = apiCall(url, token);
  const times = [];
  for (let r = 0; r < runs; r += 1) {
    const { id, since } = await uploadPaper(call, offeringId, 1990 + r, pdf(r));
    const ready = async () => (await call('GET', `/papers/${id}/drafts`)).status === 'ready';
    times.push(await waitUntil(ready, { everyMs: 25, limitMs: 60_000, since }));
  }
  return stats(times);
}

/** A new paper of the offering with `pdf` as its file: its id and when the upload started. */
export async function uploadPaper(call, offeringId, examYear, pdf) {
  const paper = { subjectOfferingId: offeringId, examYear, examType: 'quiz' };
  const { id } = await call('POST', '/papers', JSON.stringify(paper));
  const since = performance.now();
  await call('PUT', `/papers/${id}/file`, pdf, 'application/pdf');
  return { id, since };
}
