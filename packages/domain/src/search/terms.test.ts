import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test-support/database.js';
import { applyTermDelta, readTermCounts, stemKey, termDelta } from './terms.js';

useTestDatabase();

describe('readTermCounts', () => {
  it('when counts of many keys are read, then each key gets its count, once, and unknown keys 0', async () => {
    // More keys than the driver's default first batch (101): every count comes back.
    const stems = Array.from({ length: 150 }, (_, i) => `tcount${i}`);
    await applyTermDelta(termDelta([stems, stems.slice(0, 3)]));
    const keys = [...stems, 'tcountnone', stems[0]!].map(stemKey);
    const counts = await readTermCounts(keys);
    expect(counts.size).toBe(151);
    expect([0, 1, 2, 3, 149].map((i) => counts.get(stemKey(stems[i]!)))).toEqual([2, 2, 2, 1, 1]);
    expect(counts.get(stemKey('tcountnone'))).toBe(0);
    expect((await readTermCounts([])).size).toBe(0);
  });
});
