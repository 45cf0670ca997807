// docs/search-quality.md from a run of both labelled sets (eval/search.mjs).

const fixed = (n) => n.toFixed(3);
const n = (count) => count.toLocaleString('en-US');

function meanOf(scores, figure) {
  return scores.length ? scores.reduce((sum, s) => sum + s[figure], 0) / scores.length : 0;
}

const row = (s) => `| ${s.q} | ${fixed(s.ndcg10)} | ${fixed(s.recall20)} | ${s.corrected ?? ''} |`;

function belowOne(result) {
  const misses = result.scores.filter((s) => s.ndcg10 < 1 || s.recall20 < 1);
  return [
    'The queries below 1 on either figure:',
    '',
    '| query | nDCG@10 | recall@20 | corrected |',
    '| :-- | --: | --: | :-- |',
    ...(misses.length ? misses.map(row) : ['| (none) | | | |']),
  ].join('\n');
}

function correctionRows(name, { typos, typoScores, asTyped }) {
  const corrected = typoScores.filter((s) => s.corrected).length;
  return [
    `| ${name} | ${typos.length} | ${corrected} | ${fixed(meanOf(typoScores, 'ndcg10'))} | ${fixed(meanOf(asTyped, 'ndcg10'))} | ${fixed(meanOf(typoScores, 'recall20'))} | ${fixed(meanOf(asTyped, 'recall20'))} |`,
  ];
}

const uncorrected = ({ typoScores }) =>
  typoScores
    .filter((s) => !s.corrected)
    .map((s) => `“${s.q}”`)
    .join(', ') || 'none';

/** The report's markdown. */
export function report({ sample, generated, targets, isOnTargetOf }) {
  const figureRow = (name, r) =>
    `| ${name} | ${r.queries.length} | ${fixed(r.figures.ndcg10)} | ${fixed(r.figures.recall20)} | ${isOnTargetOf(r) ? 'yes' : '**no**'} |`;
  const families = generated.byFamily
    .map((f) => `| ${f.family} | ${f.count} | ${fixed(f.ndcg10)} | ${fixed(f.recall20)} |`)
    .join('\n');
  const { counts } = generated;
  return `# Search quality

Written by \`npm run eval -- --only search\` (eval/search.mjs); the last run is below. The caller
is an anonymous student (only approved papers). Each query's first 20 hits are scored against its
judged relevant results, each a unit: a subject, paper or topic by its title, a question by the
start of its text; grade 2 for what the query asks for, 1 for a related result. A unit is credited
once, at its first hit, however many hits share it. nDCG@10 uses the gain 2^grade − 1; recall@20
is the share of a query's units among its first 20 hits.

## Figures

| labelled set | queries | nDCG@10 | recall@20 | targets met |
| :-- | --: | --: | --: | :-- |
${figureRow('sample catalog', sample)}
${figureRow('generated catalog', generated)}

Targets: nDCG@10 ≥ ${targets.ndcg10} and recall@20 ≥ ${targets.recall20} on each set.

## The sample catalog

\`packages/domain/test-data/search-labelled-set.json\`: queries over the sample catalog
(\`packages/domain/src/seed\`), each relevant result judged by hand.
\`packages/domain/src/search/quality.test.ts\` runs every fifth query in \`npm test\` against the
same targets.

${belowOne(sample)}

## The generated catalog

\`eval/search-generated-set.json\`: queries over the bench's catalog (\`catalog-generator/catalog.mjs\`, seed
${generated.seed}, scale ${generated.scale}: ${n(counts.questions)} questions, ${n(counts.papers)} papers, ${n(counts.topics)} topics,
${n(counts.subjects)} subjects), loaded as the bench loads it (${generated.loadSeconds} s with its indexes). Its texts are
made from templates, so relevance is judged from what the generator meant each document to be,
not from the words the ranking reads (\`eval/search-generated-labels.mjs\`, queries picked by a
seeded generator):

- **topic**: a topic's title ("analysis error bounds"): that topic;
- **subject**: a subject's name: that subject, its other editions ("… II") related;
- **paper**: a sitting ("control systems mid-term 2018"): its papers, other editions' related;
- **question**: a question's main concept and its topic, half of them with its verb ("derive
  scheduling theory correctness"): the questions on that concept in a topic of that title (with
  that verb when one was typed). Questions on the topic's concept in a topic named after the
  query's concept hold the same words and are not relevant.

\`npm run eval -- --only search --write-labels\` writes the labels anew from the generator;
otherwise a run refuses labels that differ from it.

| family | queries | nDCG@10 | recall@20 |
| :-- | --: | --: | --: |
${families}

${belowOne(generated)}

## Corrections

Each query with a word of 5 or more letters, that word misspelt by swapping its 2nd and 3rd
letters (one edit), searched as typed. A correction is only made when the words as typed find
nothing, so without it a corrected query finds nothing (scores 0).

| labelled set | misspelt | corrected | nDCG@10 corrected | nDCG@10 as typed | recall@20 corrected | recall@20 as typed |
| :-- | --: | --: | --: | --: | --: | --: |
${[...correctionRows('sample catalog', sample), ...correctionRows('generated catalog', generated)].join('\n')}

Not corrected, sample catalog: ${uncorrected(sample)}.

Not corrected, generated catalog: ${uncorrected(generated)}.
`;
}
