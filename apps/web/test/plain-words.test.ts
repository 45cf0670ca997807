// Every message the page can show a visitor is in plain words (issue 58): whatever the API or the
// browser reports, no GraphQL, variable or type name, no client or browser failure text reaches
// the screen, and `npm run token` is named only where the page signs in by pasted token (local
// development); with Clerk it never is.
import { ApiError } from '@qpc/client/graphql';
import { describe, expect, it } from 'vitest';
import { explain } from '../src/errors.js';

const DEVELOPER =
  /GraphQL|\$\w|Variable|ObjectID|SearchText|TypeError|Failed to fetch|\[Network\]|Unexpected token|PersistedQuery|npm run/;

/** What the gateway and the browser have been seen to report, at each status a screen meets. */
const REPORTED = [
  'Variable "$q" got invalid value "the"; Expected value of type "SearchText!"',
  'Cannot query field "similar" on type "Question".',
  'Syntax Error: Unexpected Name "x".',
  '[Network] Failed to fetch',
  'TypeError: Failed to fetch',
  'Unexpected token < in JSON at position 0',
  'PersistedQueryNotFound',
];
const STATUSES = [0, 400, 403, 404, 409, 422, 500, 502];

function shown(error: unknown, isTokenSignIn: boolean): string {
  const { title, detail } = explain(error, isTokenSignIn);
  return `${title}: ${detail}`;
}

describe('the words of error messages', () => {
  it('when the API or the browser reports developer wording at any status, then the message shown has none of it', () => {
    for (const message of REPORTED) {
      for (const status of STATUSES) {
        const error = new ApiError({ status, code: 'X', message });
        expect(shown(error, true), `${status} ${message}`).not.toMatch(DEVELOPER);
      }
      expect(shown(new Error(message), true)).not.toMatch(DEVELOPER);
      expect(shown(message, true)).not.toMatch(DEVELOPER);
    }
    const fields = new ApiError({
      status: 400,
      code: 'BAD_USER_INPUT',
      message: 'Invalid input',
      details: [{ path: 'q', message: 'Expected value of type "SearchText!"' }],
    });
    expect(shown(fields, true)).not.toMatch(DEVELOPER);
  });

  it("when the API's own sentence is plain, then it is shown as written", () => {
    const refused = new ApiError({
      status: 403,
      code: 'FORBIDDEN',
      message: 'Only editors may create papers',
    });
    expect(shown(refused, true)).toBe('Not allowed: Only editors may create papers.');
    expect(shown('No such university', true)).toBe('Something went wrong: No such university');
  });

  it('when sign-in is needed, then npm run token is named with the token box only, never with Clerk', () => {
    const unsigned = new ApiError({ status: 401, code: 'UNAUTHENTICATED', message: 'x' });
    expect(shown(unsigned, true)).toMatch(
      /in local development, with a fresh token from npm run token/,
    );
    expect(shown(unsigned, false)).not.toMatch(/npm|token/i);
  });
});
