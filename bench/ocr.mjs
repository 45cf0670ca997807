// Scanned papers (issue 55): a 10-page scan's drafts from upload to `ready`, read by native
// Tesseract (the `rest` app: OCR_ENGINE auto) and by the tesseract.js fallback (an app started
// with OCR_ENGINE=js); and GET /questions/:id's p50 while a scan is read, against idle.
import { apiCall, bearer, stats, timesOver, waitUntil } from './lib.mjs';
import { CONCEPTS, VERBS } from '../catalog-generator/vocabulary.mjs';
import { uploadPaper } from './writes.mjs';

const PAGES = 10;
const READY_LIMIT_MS = 600_000;

/**
 * A 10-page scan (150 dpi, turned 1°), three questions a page, each in other words and at another
 * height (a line repeated at one place on every page is a running header), new words each run:
 * a file belongs to one paper.
 */
async function scanOf(db, tag) {
  const run = `${tag}${Date.now().toString(36)}`;
  const ask = (n) =>
    `Q${n}. ${VERBS[n % VERBS.length]} ${CONCEPTS[n % CONCEPTS.length]} in ${CONCEPTS[(3 * n + 1) % CONCEPTS.length]} (${run}, case ${n}).`;
  const page = (p) =>
    [1, 2, 3].flatMap((k) => {
      const n = 3 * p + k;
      const y = 820 - 200 * k - 30 * (p % 4);
      return [
        { x: 60, y, text: ask(n) },
        { x: 500, y, text: `[${(n % 4) + 2}]` },
      ];
    });
  const pages = Array.from({ length: PAGES }, (_, p) => page(p));
  return db.domain.scannedPdf(pages, { dpi: 150, skewDegrees: 1 });
}

/** Upload to `ready` of a 10-page scan on the app at `url`, and what its drafts came to. */
async function readyTime({ url, token, offeringId, db, year, tag }) {
  const call = apiCall(url, token);
  const { id, since } = await uploadPaper(call, offeringId, year, await scanOf(db, tag));
  let drafts;
  const ready = async () => {
    drafts = await call('GET', `/papers/${id}/drafts`);
    return drafts.status === 'ready';
  };
  const ms = await waitUntil(ready, { everyMs: 250, limitMs: READY_LIMIT_MS, since });
  return { ms, drafts: drafts.drafts.length, ocrPages: drafts.ocrPages.length };
}

/** GET /questions/:id one at a time for `seconds` (or while `busy()` holds): the times in ms. */
async function questionTimes(url, token, questionIds, { seconds, busy, min = 20 }) {
  let i = 0;
  const once = async () => {
    const id = questionIds[i++ % questionIds.length];
    const started = performance.now();
    const res = await fetch(`${url}/api/v1/questions/${id}`, { headers: bearer(token) });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET /questions/:id answered ${res.status}`);
    return performance.now() - started;
  };
  if (!busy) return timesOver(seconds, min, once);
  const times = [];
  while (await busy()) for (let k = 0; k < 10; k += 1) times.push(await once());
  return times;
}

/**
 * The OCR figures: native and fallback ready times of a 10-page scan, and GET /questions/:id's
 * p50 idle and while a scan is read (native). `startJsApp` starts an app with OCR_ENGINE=js.
 */
export async function measureOcr({ url, token, offeringId, questionIds, db, startJsApp, log }) {
  const native = await readyTime({ url, token, offeringId, db, year: 1980, tag: 'n' });
  log(`  ocr: native ${JSON.stringify(native)}`);
  // Every question read once first: idle and busy then read the same warm set in the same order.
  await questionTimes(url, token, questionIds, { seconds: 0, min: questionIds.length });
  const idle = stats(await questionTimes(url, token, questionIds, { seconds: 5 }));
  const call = apiCall(url, token);
  const { id } = await uploadPaper(call, offeringId, 1981, await scanOf(db, 'l'));
  const busy = async () => (await call('GET', `/papers/${id}/drafts`)).status === 'pending';
  const duringOcr = stats(await questionTimes(url, token, questionIds, { busy }));
  log(`  ocr: GET /questions/:id p50 idle ${idle.p50} ms, during OCR ${duringOcr.p50} ms`);
  const jsUrl = await startJsApp();
  const fallback = await readyTime({ url: jsUrl, token, offeringId, db, year: 1982, tag: 'j' });
  log(`  ocr: fallback ${JSON.stringify(fallback)}`);
  return { pages: PAGES, native, fallback, idle, duringOcr };
}
