// The two labelled sets of the search part of `npm run eval`, each scored on its own catalog by
// the domain's search as an anonymous student: the sample set (hand-judged, over the sample
// catalog) and the generated set (judged from the bench generator's structure, over its catalog
// loaded as the bench loads it). Each query is also run misspelt, to measure the corrections.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { buildCatalog } from '../catalog-generator/catalog.mjs';
import { openBenchDatabase } from '../bench/database.mjs';
import { loadCatalog } from '../bench/generate.mjs';
import { root } from '../scripts/lib.mjs';
import { importBuilt, openEvalDatabase } from './database.mjs';
import { generatedLabelledSet } from './search-generated-labels.mjs';

export const GENERATED_LABELS = 'eval/search-generated-set.json';
/** The generated set's catalog when its labels are written anew: 20,000 questions. */
const DEFAULTS = { seed: 42, scale: 1 };

/** Scores `queries` and their misspelt copies with `search`. */
async function scoreSet(domain, queries, search) {
  const scores = await domain.evaluateQueries(queries, search);
  const typos = queries.flatMap((query) => {
    const q = domain.misspelt(query.q);
    return q ? [{ ...query, q }] : [];
  });
  const typoScores = await domain.evaluateQueries(typos, search);
  // Corrections are only made when the words as typed find nothing: a corrected query scores 0
  // as typed, an uncorrected one scores as it did.
  const asTyped = typoScores.map((s) => (s.corrected ? { ...s, ndcg10: 0, recall20: 0 } : s));
  const families = [...new Set(queries.map((query) => query.family ?? 'all'))];
  const byFamily = families.map((family) => {
    const of = scores.filter((_, i) => (queries[i].family ?? 'all') === family);
    return { family, count: of.length, ...means(domain, of) };
  });
  return { queries, scores, typos, typoScores, asTyped, byFamily, figures: means(domain, scores) };
}

const means = (domain, scores) => ({
  ndcg10: domain.meanOf(scores, 'ndcg10'),
  recall20: domain.meanOf(scores, 'recall20'),
});

const searcherOf = (domain) => (q) =>
  domain.searchCatalog({ actor: null, query: { q, limit: 20 } });

/** The hand-judged set over the sample catalog. */
export async function sampleSet() {
  const { domain, close } = await openEvalDatabase('search');
  try {
    const { seedSampleCatalog } = await importBuilt('packages/domain/dist/seed/index.js');
    await seedSampleCatalog();
    return await scoreSet(domain, domain.searchLabelledSet(), searcherOf(domain));
  } finally {
    await close();
  }
}

/** The committed generated labels, checked against the generator (rewritten with writeLabels). */
function checkedLabels(domain, { writeLabels, seed, scale }) {
  const file = join(root, GENERATED_LABELS);
  const committed = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  const at = writeLabels ? { seed, scale } : (committed ?? DEFAULTS);
  const { userIdFor, mongoose } = domain;
  const catalog = buildCatalog({ ...at, Types: mongoose.Types, userIdFor });
  const generated = generatedLabelledSet(catalog, at);
  if (writeLabels) {
    writeFileSync(file, `${JSON.stringify(generated, null, 2)}\n`);
    console.log(`wrote ${GENERATED_LABELS} (format it with prettier before committing)`);
  } else if (!isDeepStrictEqual(committed, generated)) {
    throw new Error(
      `${GENERATED_LABELS} differs from the generator's labels: run with --write-labels and review the diff`,
    );
  }
  return generated;
}

/** The set judged from the bench generator's structure, over its catalog at the labels' scale. */
export async function generatedSet({ writeLabels = false, seed, scale } = {}) {
  const db = await openBenchDatabase();
  try {
    const { domain } = db;
    const labels = checkedLabels(domain, {
      writeLabels,
      seed: seed ?? DEFAULTS.seed,
      scale: scale ?? DEFAULTS.scale,
    });
    const started = performance.now();
    const { counts } = await loadCatalog(db, labels.seed, labels.scale);
    const loadSeconds = Math.round((performance.now() - started) / 1000);
    console.log(`[search eval] generated catalog loaded: ${counts.questions} questions`);
    // loadCatalog disconnects when it is done.
    await domain.connectDatabase({ uri: db.uri, socketTimeoutMs: 300_000 });
    const result = await scoreSet(domain, labels.queries, searcherOf(domain));
    return { ...result, seed: labels.seed, scale: labels.scale, counts, loadSeconds };
  } finally {
    await db.close();
  }
}
