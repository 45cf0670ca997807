// One assertion for a refused write: the error a caller gets, and that nothing was lost.
import { expect } from 'vitest';
import type { AnyModel } from '../storage/model-helpers.js';

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
