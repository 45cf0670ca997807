// The drafts part of `npm run eval`: the labelled set (packages/domain's
// test-support/labelled-set, labels committed in packages/domain/test-data/) read as text PDFs
// and as scans through the service's own upload and drafts path, on a throwaway database.
// Prints split F1, marks, options, topic precision and coverage per kind against the targets
// of issue 55, and writes docs/drafts-quality.md. Scans are drawn once into .cache/drafts-eval/.
// Options: --kinds text,scan (default both), --papers N (the first N; a run of one kind or some
// papers leaves docs/drafts-quality.md as it is), --write-labels (write the
// generator's labels to the committed file instead of refusing when they differ).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { spawnSync } from 'node:child_process';
import { root } from '../scripts/lib.mjs';
import { openEvalDatabase } from './database.mjs';

const LABELS = 'packages/domain/test-data/drafts-labelled-set.json';
const REPORT = 'docs/drafts-quality.md';

/** The targets, per kind. */
export const TARGETS = {
  text: { splitF1: 0.97, marks: 0.97, options: 0.97, topicPrecision: 0.85 },
  scan: { splitF1: 0.92, marks: 0.9, options: 0.9, topicPrecision: 0.85 },
};
const ROWS = [
  ['splitF1', 'split F1'],
  ['marks', 'marks accuracy'],
  ['options', 'options accuracy'],
  ['topicPrecision', 'topic precision when suggested'],
  ['topicCoverage', 'topic coverage (how often suggested)'],
  ['sections', 'section right'],
  ['sitting', 'suggested year, type, maximum, time right'],
  ['totalWarnings', 'marks-total warning right (papers)'],
];

function optionsOf(args) {
  const value = (name) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  return {
    kinds: (value('--kinds') ?? 'text,scan').split(','),
    papers: value('--papers') ? Number(value('--papers')) : undefined,
    writeLabels: args.includes('--write-labels'),
  };
}

/** The committed labels, checked against the generator (or rewritten with --write-labels). */
function checkedLabels(generated, writeLabels) {
  const file = join(root, LABELS);
  if (writeLabels) {
    mkdirSync(join(root, 'packages/domain/test-data'), { recursive: true });
    writeFileSync(file, `${JSON.stringify(generated, null, 2)}\n`);
    console.log(`wrote ${LABELS} (format it with prettier before committing)`);
  } else if (
    !existsSync(file) ||
    !isDeepStrictEqual(JSON.parse(readFileSync(file, 'utf8')), generated)
  ) {
    console.error(
      `${LABELS} differs from the generator's labels: run with --write-labels and review the diff`,
    );
    process.exit(1);
  }
}

const isOnPath = (command) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

const figure = (value) => (value === null || value === undefined ? 'n/a' : value.toFixed(3));

function verdicts(report) {
  const targets = TARGETS[report.kind];
  return Object.entries(targets).map(([key, target]) => ({
    key,
    target,
    isMet: report.isMeasured ? (report.metrics[key] ?? 0) >= target : null,
  }));
}

function cell(report, key) {
  if (!report) return '—';
  if (!report.isMeasured) return 'not measured';
  const target = TARGETS[report.kind][key];
  const value = report.metrics[key];
  if (target === undefined) return figure(value);
  return `${figure(value)} (≥ ${target}) ${value !== null && value >= target ? '✓' : '✗'}`;
}

function markdown(reports, meta) {
  const by = Object.fromEntries(reports.map((r) => [r.kind, r]));
  const lines = [
    '# Drafts quality',
    '',
    `The last run of \`npm run eval -- --only drafts\` (${meta.date}): ${meta.papers} papers of the`,
    'labelled set (five subjects, generated from seeds by',
    '`packages/domain/src/test-support/labelled-set/`, labels in',
    `\`${LABELS}\`), each read as a text PDF and as a scan (noised, turned up to 1.5°,`,
    "image-only) through the service's upload and drafts path.",
    'Scans are read by the OCR the service has: native Tesseract when `tesseract` and `pdftoppm`',
    'are on the PATH (this run: ' + meta.engine + '), else tesseract.js.',
    '',
    '| metric | text PDFs | scans |',
    '| :-- | :-- | :-- |',
    ...ROWS.map(([key, label]) => `| ${label} | ${cell(by.text, key)} | ${cell(by.scan, key)} |`),
    '',
    '| counts | text PDFs | scans |',
    '| :-- | --: | --: |',
    ...[
      ['expected drafts', 'expected'],
      ['drafts read', 'read'],
      ['split right', 'split'],
      ['marks right', 'marks'],
      ['topic suggested', 'suggested'],
      ['topic right', 'topicRight'],
    ].map(
      ([label, key]) =>
        `| ${label} | ${by.text?.tally[key] ?? '—'} | ${by.scan?.isMeasured ? by.scan.tally[key] : '—'} |`,
    ),
    `| seconds | ${by.text?.seconds ?? '—'} | ${by.scan?.seconds ?? '—'} |`,
    '',
    'How each figure is counted (`score.ts`): each expected draft is paired, in order, with the',
    'next draft read with the same normalised number. Split F1 counts a pair right when the texts',
    'agree (letters and digits, at least 90% alike); precision is over the drafts read, recall over',
    'the expected ones. Marks accuracy is over the expected drafts (an unpaired one is wrong).',
    'Options accuracy is over the drafts where either side has options. Topic precision is over the',
    'drafts given a topic, coverage the share of expected drafts given one.',
  ];
  if (by.scan && !by.scan.isMeasured) {
    lines.push(
      '',
      'Scans are not measured in this run: no page of a scan was read (no OCR in this build).',
    );
  }
  for (const report of reports.filter((r) => r.isMeasured && r.tally.misses.length > 0)) {
    lines.push(
      '',
      `<details><summary>What the ${report.kind} PDFs got wrong (${report.tally.misses.length})</summary>`,
      '',
    );
    lines.push(...report.tally.misses.slice(0, 80).map((miss) => `- ${miss.replace(/\n/g, ' ')}`));
    lines.push('', '</details>');
  }
  return `${lines.join('\n')}\n`;
}

/** Runs the drafts evaluation; resolves `{isOnTarget}`. */
export async function run(args) {
  const options = optionsOf(args);
  const database = await openEvalDatabase('drafts');
  try {
    const { domain } = database;
    checkedLabels(domain.expectedSet(), options.writeLabels);
    const papers = domain.labelledSet().slice(0, options.papers);
    const reports = await domain.evaluateLabelledSet({
      papers,
      kinds: options.kinds,
      scanDir: join(root, '.cache/drafts-eval/scans'),
      onPaper: (kind, name, done, of) => {
        if (done % 5 === 0 || done === of) console.log(`  ${kind}: ${done}/${of} papers read`);
      },
    });
    console.log('\ndrafts quality');
    for (const [key, label] of ROWS) {
      const values = reports.map(
        (r) => `${r.kind} ${r.isMeasured ? figure(r.metrics[key]) : 'not measured'}`,
      );
      console.log(`  ${label.padEnd(44)} ${values.join('   ')}`);
    }
    const all = reports.flatMap(verdicts);
    for (const miss of all.filter((v) => v.isMet === false)) {
      console.log(`  missed: ${miss.key} below ${miss.target}`);
    }
    // The doc holds a whole run: a part (some papers, one kind) would leave the other half blank.
    const isWhole = !options.papers && ['text', 'scan'].every((k) => options.kinds.includes(k));
    if (isWhole) {
      const engine = isOnPath('tesseract') && isOnPath('pdftoppm') ? 'native' : 'tesseract.js';
      writeFileSync(
        join(root, REPORT),
        markdown(reports, {
          date: new Date().toISOString().slice(0, 10),
          papers: papers.length,
          engine,
        }),
      );
      console.log(`wrote ${REPORT}`);
    } else console.log(`${REPORT} left as it is: it holds only a whole run`);
    return { isOnTarget: all.every((v) => v.isMet !== false) };
  } finally {
    await database.close();
  }
}
