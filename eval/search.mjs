// `npm run eval -- --only search`: ranking quality of search on the labelled query set
// (packages/domain/test-data/search-labelled-set.json) over the sample catalog, as an anonymous
// student: nDCG@10 and recall@20, then the same queries misspelt by one swap of letters, with and
// without the typo correction. Writes docs/search-quality.md.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../scripts/lib.mjs';
import { importBuilt, openEvalDatabase } from './database.mjs';

export const TARGETS = { ndcg10: 0.85, recall20: 0.95 };

const fixed = (n) => n.toFixed(3);

/** Runs the part; answers whether the figures meet the targets. */
export async function run() {
  const { domain, close } = await openEvalDatabase('search');
  try {
    const { seedSampleCatalog } = await importBuilt('packages/domain/dist/seed/index.js');
    await seedSampleCatalog();
    const search = (q) => domain.searchCatalog({ actor: null, query: { q, limit: 20 } });
    const queries = domain.searchLabelledSet();
    const scores = await domain.evaluateQueries(queries, search);
    const typos = queries.flatMap((query) => {
      const q = domain.misspelt(query.q);
      return q ? [{ ...query, q }] : [];
    });
    const typoScores = await domain.evaluateQueries(typos, search);
    // Without correction a misspelt word that matches nothing finds nothing: a corrected query
    // scores 0 as typed (corrections are only made when the words as typed find nothing).
    const asTyped = typoScores.map((s) => (s.corrected ? { ...s, ndcg10: 0, recall20: 0 } : s));
    const figures = {
      ndcg10: domain.meanOf(scores, 'ndcg10'),
      recall20: domain.meanOf(scores, 'recall20'),
    };
    const isOnTarget = figures.ndcg10 >= TARGETS.ndcg10 && figures.recall20 >= TARGETS.recall20;
    const corrected = typoScores.filter((s) => s.corrected).length;
    console.log(
      `[search eval] ${queries.length} queries: nDCG@10 ${fixed(figures.ndcg10)}, recall@20 ${fixed(figures.recall20)}; ` +
        `${typos.length} misspelt: ${corrected} corrected, nDCG@10 ${fixed(domain.meanOf(typoScores, 'ndcg10'))} ` +
        `(as typed ${fixed(domain.meanOf(asTyped, 'ndcg10'))})`,
    );
    writeFileSync(
      join(root, 'docs/search-quality.md'),
      report({ queries, scores, typos, typoScores, asTyped, figures, isOnTarget, corrected }),
    );
    return { isOnTarget };
  } finally {
    await close();
  }
}

function report({ queries, scores, typos, typoScores, asTyped, figures, isOnTarget, corrected }) {
  const misses = scores.filter((s) => s.ndcg10 < 1 || s.recall20 < 1);
  const uncorrected = typoScores.filter((s) => !s.corrected);
  const row = (s) =>
    `| ${s.q} | ${fixed(s.ndcg10)} | ${fixed(s.recall20)} | ${s.corrected ?? ''} |`;
  return `# Search quality

Written by \`npm run eval -- --only search\` (eval/search.mjs); the last run is below. The labelled
set is \`packages/domain/test-data/search-labelled-set.json\`: ${queries.length} queries over the
sample catalog (\`packages/domain/src/seed\`), each relevant result judged by hand as a unit (a
subject, paper or topic by its title, a question by the start of its text; grade 2 for what the
query asks for, 1 for a related result). A unit is credited once, at its first hit, however many
hits share it. The caller is an anonymous student. \`packages/domain/src/search/quality.test.ts\`
runs every fifth query in \`npm test\` against the same targets.

## Figures

| figure | value | target |
| :-- | --: | --: |
| nDCG@10 | ${fixed(figures.ndcg10)} | ≥ ${TARGETS.ndcg10} |
| recall@20 | ${fixed(figures.recall20)} | ≥ ${TARGETS.recall20} |

${isOnTarget ? 'Both targets hold.' : 'A target is missed.'}

## Corrections

Each query with a word of 5 or more letters, that word misspelt by swapping its 2nd and 3rd
letters (one edit): ${typos.length} queries. ${corrected} were corrected.

| | nDCG@10 | recall@20 |
| :-- | --: | --: |
| misspelt, with correction | ${fixed(meanOf(typoScores, 'ndcg10'))} | ${fixed(meanOf(typoScores, 'recall20'))} |
| misspelt, as typed (no correction) | ${fixed(meanOf(asTyped, 'ndcg10'))} | ${fixed(meanOf(asTyped, 'recall20'))} |

Not corrected: ${uncorrected.map((s) => `“${s.q}”`).join(', ') || 'none'}.

## Queries below 1

| query | nDCG@10 | recall@20 | corrected |
| :-- | --: | --: | :-- |
${misses.map(row).join('\n') || '| (none) | | | |'}

## Not measured yet

The generated larger catalog (bench/catalog.mjs) has no labelled queries yet: its texts are
made from templates, so relevance there cannot be judged by the words the ranking itself reads.
`;
}

function meanOf(scores, figure) {
  return scores.length ? scores.reduce((sum, s) => sum + s[figure], 0) / scores.length : 0;
}
