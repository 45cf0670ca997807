import { describe, expect, it } from 'vitest';
import { sharedBuffersMiB } from './shared-buffers.js';

const GiB = 1024 ** 3;

describe('sharedBuffersMiB', () => {
  it('when the machine has 8 GiB, then the server gets an eighth: 1 GiB', () => {
    expect(sharedBuffersMiB(8 * GiB)).toBe(1024);
  });

  it('when the machine is small, then the server keeps the default 128 MiB', () => {
    expect(sharedBuffersMiB(0.5 * GiB)).toBe(128);
  });

  it('when the machine is large, then the server gets at most 2 GiB', () => {
    expect(sharedBuffersMiB(256 * GiB)).toBe(2048);
  });
});
