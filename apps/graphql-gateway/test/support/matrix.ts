// The role matrix, as REST has it: who may call what, and the code everybody else gets.
import { expect, it } from 'vitest';
import type { RunningGateway } from './harness.js';
import type { CallerKind as CallerRole } from '@qpc/domain/testing';
import type { TestCallers as Callers } from '@qpc/domain/testing';

export const CALLERS: readonly CallerRole[] = [
  'anonymous',
  'normal',
  'editor',
  'admin',
  'deactivated',
];
/** catalog:write — create and update catalog entries. */
export const WRITERS: readonly CallerRole[] = ['editor', 'admin'];
/** catalog:delete, paper status, user management. */
export const ADMINS: readonly CallerRole[] = ['admin'];
/** Any active signed-in user (solutions, votes, me). */
export const MEMBERS: readonly CallerRole[] = ['normal', 'editor', 'admin'];

/** What a refused caller gets: 401-class for anonymous, 403-class for the rest (deactivated included). */
export function refusalCode(caller: CallerRole): 'UNAUTHENTICATED' | 'FORBIDDEN' {
  return caller === 'anonymous' ? 'UNAUTHENTICATED' : 'FORBIDDEN';
}

export interface Operation {
  query: string;
  variables?: Record<string, unknown>;
  /** Reads the database: did the operation change what it should have? */
  tookEffect: () => Promise<boolean>;
}

export interface WriteCase {
  /** The root field of the mutation (or restricted read). */
  field: string;
  allowed: readonly CallerRole[];
  /** Creates what the call needs (fresh data for each test) and returns the operation. */
  arrange: () => Promise<Operation>;
}

/**
 * One test per case and caller: an allowed caller gets data and the change is stored; any other
 * caller gets the refusal code, no data, and nothing changes. `session` is read when the tests run
 * (`useGateway` fills its objects in place before them).
 */
export function roleMatrix(
  session: { gw: RunningGateway; callers: Callers },
  cases: WriteCase[],
): void {
  for (const testCase of cases) {
    for (const caller of CALLERS) {
      const isAllowed = testCase.allowed.includes(caller);
      const outcome = isAllowed ? 'it takes effect' : `it is refused with ${refusalCode(caller)}`;
      it(`when ${caller} calls ${testCase.field}, then ${outcome}`, async () => {
        const { gw, callers } = session;
        const operation = await testCase.arrange();
        const { status, body } = await gw.gql(
          operation.query,
          operation.variables,
          callers.headers(caller),
        );
        expect(status).toBe(200);
        if (isAllowed) {
          expect(body.errors).toBeUndefined();
          expect(body.data[testCase.field]).toBeTruthy();
          expect(await operation.tookEffect()).toBe(true);
        } else {
          expect(body.errors).toHaveLength(1);
          expect(body.errors[0].extensions.code).toBe(refusalCode(caller));
          expect(body.errors[0].path).toEqual([testCase.field]);
          expect(body.data?.[testCase.field] ?? null).toBeNull();
          expect(await operation.tookEffect()).toBe(false);
        }
      });
    }
  }
}
