// The two writes of the targets: a question insert (against the figure of the code before issue
// 35, measured the same way) and deactivating the largest university (the DELETE, then the
// time until no paper, question or solution of it is `visible: true`, polled with the driver).
import { round, sleep, stats } from './lib.mjs';

/**
 * POST /questions before issue 35's changes (the base of this benchmark's branch), on
 * PostgreSQL at scale 1, one connection: two runs of 300 sequential inserts after 30 unmeasured,
 * on a shared machine under load (load average 10-15). `p50`: the mean of the two runs' p50s.
 */
export const INSERT_BEFORE = Object.freeze({
  date: '2026-11-27',
  commit: '6bd6d21',
  scale: 1,
  p50: 77.6,
  runs: [
    { p50: 79.3, p25: 62.3, p75: 107.9, roundP50s: [84.0, 65.0, 93.1] },
    { p50: 75.9, p25: 58.4, p75: 105.8, roundP50s: [60.9, 109.2, 73.4] },
  ],
});

/** Sequential inserts (each text unique: no slug collisions) in `rounds` rounds of `seconds`. */
export async function measureInserts({ url, token, target, rounds = 3, seconds = 2, warmup = 10 }) {
  const run = Date.now().toString(36);
  let n = 0;
  const insert = async () => {
    n += 1;
    const text = `Bench insert ${run} ${n}: explain the role of caching in layered designs.`;
    const body = JSON.stringify({ ...target, text, type: 'short', difficulty: 'easy', marks: 5 });
    const started = performance.now();
    const res = await fetch(`${url}/api/v1/questions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
    });
    const answer = await res.text();
    if (res.status !== 201) throw new Error(`POST /questions answered ${res.status}: ${answer}`);
    return performance.now() - started;
  };
  for (let i = 0; i < warmup; i += 1) await insert();
  const byRound = [];
  for (let r = 0; r < rounds; r += 1) {
    const times = [];
    const deadline = performance.now() + seconds * 1000;
    while (performance.now() < deadline || times.length < 20) times.push(await insert());
    byRound.push(times);
  }
  return { ...stats(byRound.flat()), roundP50s: byRound.map((t) => stats(t).p50) };
}

const SETTLE_TIMEOUT_S = 120;

/**
 * DELETE /universities/:id as the admin, then polls until none of its papers, questions and
 * solutions is visible. Not judged (`noFlag`) where the models have no `visible` copy.
 */
export async function measureDeactivation({ url, token, universityId, db: bench, collections }) {
  const { mongo } = bench.domain.mongoose;
  const client = new mongo.MongoClient(bench.uri);
  await client.connect();
  try {
    const db = client.db();
    const filter = { universityId: new mongo.ObjectId(universityId), visible: true };
    const visibleCount = async () => {
      const counts = await Promise.all(
        ['papers', 'questions', 'solutions'].map((kind) =>
          db.collection(collections[kind]).countDocuments(filter),
        ),
      );
      return counts.reduce((a, b) => a + b, 0);
    };
    const before = await visibleCount();
    const started = performance.now();
    const res = await fetch(`${url}/api/v1/universities/${universityId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    await res.arrayBuffer();
    const deleteMs = performance.now() - started;
    if (res.status >= 300) throw new Error(`DELETE /universities/:id answered ${res.status}`);
    if (before === 0) return { deleteMs: round(deleteMs, 1), before, noFlag: true };
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
