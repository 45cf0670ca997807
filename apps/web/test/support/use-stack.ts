import { afterAll, beforeAll } from 'vitest';
import { startStack } from './stack.js';
import type { Stack, StackOptions } from './stack.js';

/**
 * For a test file or describe block: a stack started before its tests and closed after them. The
 * object is filled in place when the stack is up, so the block may hold it from the start.
 */
export function useStack(options?: StackOptions): Stack {
  const stack = {} as Stack;
  beforeAll(async () => {
    Object.assign(stack, await startStack(options));
  });
  afterAll(async () => stack.close?.());
  return stack;
}
