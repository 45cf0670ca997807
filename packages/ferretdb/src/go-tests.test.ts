import { describe, expect, it } from 'vitest';
import { ensurePatchedSource } from './binary.js';
import { goTestsInPatches, runGoTests } from './go-tests.js';

// The patched source and the modules its tests need are readied by `npm test` before its network
// namespace (scripts/test.mjs); run alone, the first call readies them (with the network).
describe('the Go tests of our FerretDB patches', () => {
  it('when the patches carry Go tests, then they name the SQL builders they guard', () => {
    const names = goTestsInPatches();
    for (const name of [
      'backends/postgresql.TestQPCExactWhereClause',
      'backends/postgresql.TestQPCOrderedQuery',
      'backends/postgresql.TestQPCExactInAndOr',
      'backends/postgresql.TestQPCPartialIndexPredicate',
      'backends/postgresql.TestQPCWithFields',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('when run offline in the patched source tree, then every test passes, each one the patches add among them', async () => {
    const outcome = runGoTests(await ensurePatchedSource());
    expect(outcome.failed, outcome.output.slice(-6000)).toEqual([]);
    expect(outcome.status, outcome.output.slice(-6000)).toBe(0);
    expect(outcome.passed).toEqual(expect.arrayContaining(goTestsInPatches()));
    // FerretDB's own tests of the code the patches change run too (the decoder's, the WHERE's).
    expect(outcome.passed).toContain('handler/sjson.TestDocument');
    expect(outcome.passed).toContain('backends/postgresql.TestPrepareWhereClause');
  }, 900_000);
});
