// Set-up hooks for the content tests: each registers a `beforeAll` that makes its fixture and
// returns the object the hook fills in, so a describe block declares what it starts from in one
// line. Hooks run in the order they are registered: a paper's hook after its offering's.
import { beforeAll } from 'vitest';
import { makeOffering, makePaper } from './content-fixtures.js';
import type { OfferingFixture } from './content-fixtures.js';

/** An offering with its syllabus (as `makeOffering`), made before the enclosing block's tests. */
export function useOffering(subjectName?: string): OfferingFixture {
  const offering = {} as OfferingFixture;
  beforeAll(async () => {
    Object.assign(offering, await makeOffering(subjectName));
  });
  return offering;
}

/** A paper of an offering from `useOffering` (as `makePaper`), made before the block's tests. */
export function usePaper(
  offering: OfferingFixture,
  options: Parameters<typeof makePaper>[1] = {},
): { id: string; slug: string } {
  const paper = { id: '', slug: '' };
  beforeAll(async () => {
    Object.assign(paper, await makePaper(offering.offeringId, options));
  });
  return paper;
}
