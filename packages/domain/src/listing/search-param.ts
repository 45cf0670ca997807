import { z } from 'zod';

/** A literal, case-insensitive substring: regex characters are escaped, length is capped. */
export const searchQuery = z
  .string()
  .trim()
  .max(100, 'search must be at most 100 characters')
  // A regex cannot carry a NUL byte (BSON refuses it): a 400, not a 500 from the driver. A
  // pattern rather than a refinement, so that the JSON Schema (OpenAPI) states it too.
  // eslint-disable-next-line no-control-regex -- the NUL byte is exactly what this refuses
  .regex(/^[^\u0000]*$/, 'search must not contain null bytes')
  .describe('Case-insensitive substring to look for (taken literally)');

export function literalRegex(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
}
