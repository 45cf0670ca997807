// `npm run eval -- --only search`: ranking quality of search as an anonymous student, nDCG@10 and
// recall@20, on two labelled sets: the hand-judged one over the sample catalog
// (packages/domain/test-data/search-labelled-set.json) and one judged from the bench generator's
// structure over its catalog (eval/search-generated-set.json, 20,000 questions); then each query
// misspelt by one swap of letters, with and without the typo correction. Writes
// docs/search-quality.md when both sets ran. Options: --sets sample,generated (default both);
// --write-labels [--scale N] [--seed N] (write the generated labels anew instead of refusing when
// they differ from the generator's).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../scripts/lib.mjs';
import { report } from './search-report.mjs';
import { generatedSet, sampleSet } from './search-sets.mjs';

export const TARGETS = { ndcg10: 0.85, recall20: 0.95 };
const REPORT = 'docs/search-quality.md';
const SETS = ['sample', 'generated'];

const fixed = (n) => n.toFixed(3);

function optionsOf(args) {
  const value = (name) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const number = (name) => (value(name) === undefined ? undefined : Number(value(name)));
  const sets = (value('--sets') ?? SETS.join(',')).split(',').filter(Boolean);
  const unknown = sets.filter((set) => !SETS.includes(set));
  if (unknown.length > 0) throw new Error(`unknown set ${unknown.join(', ')}: ${SETS.join(', ')}`);
  return {
    sets,
    writeLabels: args.includes('--write-labels'),
    scale: number('--scale'),
    seed: number('--seed'),
  };
}

const isOnTargetOf = ({ figures }) =>
  figures.ndcg10 >= TARGETS.ndcg10 && figures.recall20 >= TARGETS.recall20;

function log(name, result) {
  const { queries, typos, typoScores, asTyped, figures, byFamily } = result;
  const corrected = typoScores.filter((s) => s.corrected).length;
  console.log(
    `[search eval] ${name}: ${queries.length} queries: nDCG@10 ${fixed(figures.ndcg10)}, recall@20 ${fixed(figures.recall20)}; ` +
      `${typos.length} misspelt: ${corrected} corrected, nDCG@10 ${fixed(meanOf(typoScores, 'ndcg10'))} ` +
      `(as typed ${fixed(meanOf(asTyped, 'ndcg10'))})`,
  );
  for (const f of byFamily.filter((f) => f.family !== 'all'))
    console.log(
      `  ${f.family}: ${f.count} queries, nDCG@10 ${fixed(f.ndcg10)}, recall@20 ${fixed(f.recall20)}`,
    );
}

function meanOf(scores, figure) {
  return scores.length ? scores.reduce((sum, s) => sum + s[figure], 0) / scores.length : 0;
}

/** Runs the part; answers whether the figures meet the targets on every set run. */
export async function run(args) {
  const options = optionsOf(args);
  const results = {};
  if (options.sets.includes('sample')) results.sample = await sampleSet();
  if (options.sets.includes('generated')) results.generated = await generatedSet(options);
  for (const [name, result] of Object.entries(results)) log(name, result);
  const isOnTarget = Object.values(results).every(isOnTargetOf);
  if (SETS.every((set) => results[set])) {
    writeFileSync(join(root, REPORT), report({ ...results, targets: TARGETS, isOnTargetOf }));
    console.log(`wrote ${REPORT}`);
  } else console.log(`${REPORT} left as it is: it holds only a run of both sets`);
  return { isOnTarget };
}
