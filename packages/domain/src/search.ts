import { z } from 'zod';

/** A literal, case-insensitive substring: regex characters are escaped, length is capped. */
export const searchQuery = z
  .string()
  .trim()
  .max(100, 'search must be at most 100 characters')
  .describe('Case-insensitive substring to look for (taken literally)');

export function literalRegex(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
}
