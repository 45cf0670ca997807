import { UnauthenticatedError } from '@qpc/domain';
import { describe, expect, it } from 'vitest';
import { bearerToken } from './auth.js';

describe('bearerToken', () => {
  it('when no header is sent, then the caller is anonymous', () => {
    expect(bearerToken(undefined)).toBeNull();
    expect(bearerToken('')).toBeNull();
  });

  it('when a bearer JWT is sent, then its token is returned', () => {
    expect(bearerToken('Bearer aaa.bbb.ccc')).toBe('aaa.bbb.ccc');
    expect(bearerToken('bearer aaa.bbb.ccc')).toBe('aaa.bbb.ccc');
  });

  it.each([
    'Basic dXNlcjpwYXNz',
    'Bearer',
    'Bearer not-a-jwt',
    'Token aaa.bbb.ccc',
    'Bearer aaa.bbb.ccc extra',
  ])('when the header is "%s", then it is a 401', (header) => {
    expect(() => bearerToken(header)).toThrow(UnauthenticatedError);
  });
});
