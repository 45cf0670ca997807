// One assertion for a refused write: the error a caller gets, and that nothing was lost.
import { expect, it } from 'vitest';
import type { Actor } from '../access.js';
import type { AnyModel } from '../storage/model-helpers.js';
import type { SignedInKind } from './callers.js';

/** What a refusal must carry: its HTTP status, and its message or details where they matter. */
export interface ExpectedRefusal {
  status: number;
  message?: string;
  details?: unknown[];
}

/**
 * Expects `call` to be refused as `expected` and, when `kept` names a document, that document
 * still to exist afterwards.
 */
export async function expectRefused(
  call: Promise<unknown>,
  expected: ExpectedRefusal,
  kept?: { model: AnyModel; id: string },
): Promise<void> {
  await expect(call).rejects.toMatchObject(expected);
  if (kept) expect(await kept.model.exists({ _id: kept.id })).not.toBeNull();
}

/**
 * One test per caller who may not delete (all but admins): the status they get, and the record
 * kept. `make` makes a fresh record for each test; `actors` are filled in before the tests run.
 */
export function itRefusesDeletesByNonAdmins(
  actors: Record<SignedInKind, Actor>,
  make: () => Promise<{ id: string }>,
  remove: (options: { actor: Actor | null; id: string }) => Promise<unknown>,
  model: AnyModel,
): void {
  const callers = [
    ['anonymous', 401, () => null],
    ['normal', 403, () => actors.normal],
    ['deactivated', 403, () => actors.deactivated],
    ['editor', 403, () => actors.editor],
  ] as const;
  it.each(callers)(
    'when the caller is %s, then it is refused with %i',
    async (_, status, actor) => {
      const created = await make();
      await expectRefused(
        remove({ actor: actor(), id: created.id }),
        { status },
        { model, id: created.id },
      );
    },
  );
}
