// The labelled set of `npm run eval` (test-support/labelled-set): its committed labels are what
// the generator makes, and a smoke subset of three papers (two columns with a skipped number,
// roman parts with two options a line, a right-hand marks column) reads as the eval's targets
// for text PDFs ask. The whole set and the scans run in `npm run eval -- --only drafts`.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test-support/database.js';
import { evaluateLabelledSet } from '../test-support/labelled-set/evaluate.js';
import { expectedSet, labelledSet } from '../test-support/labelled-set/set.js';

useTestDatabase();

const LABELS = new URL('../../test-data/drafts-labelled-set.json', import.meta.url);
const SMOKE = [3, 9, 14];

describe('the labelled set', () => {
  it('when the set is generated, then it is the committed labels: 40 papers or more, five subjects', () => {
    const committed: unknown = JSON.parse(readFileSync(LABELS, 'utf8'));
    const generated = expectedSet();
    expect(generated).toEqual(committed);
    expect(generated.length).toBeGreaterThanOrEqual(40);
    expect(new Set(generated.map((p) => p.subject)).size).toBeGreaterThanOrEqual(5);
  });

  it('when three papers of the set are read as text PDFs, then splits, marks and options are at least 97% right and topics at least 85%', async () => {
    const papers = labelledSet().filter((_, i) => SMOKE.includes(i));
    const [report] = await evaluateLabelledSet({ papers, kinds: ['text'] });
    const { metrics, tally } = report!;
    const why = tally.misses.join('\n');
    expect(tally.expected, why).toBeGreaterThanOrEqual(25);
    expect(metrics.splitF1, why).toBeGreaterThanOrEqual(0.97);
    expect(metrics.marks, why).toBeGreaterThanOrEqual(0.97);
    expect(metrics.options, why).toBeGreaterThanOrEqual(0.97);
    expect(metrics.topicPrecision, why).toBeGreaterThanOrEqual(0.85);
    expect(metrics.sitting, why).toBe(1);
  }, 300_000);
});
