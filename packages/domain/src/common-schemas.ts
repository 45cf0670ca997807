import { z } from 'zod';

/** A MongoDB ObjectId as 24 hex characters. */
export const objectId = z
  .string()
  .regex(/^[a-f0-9]{24}$/i, 'must be a 24-character hexadecimal id')
  .transform((v) => v.toLowerCase())
  .describe('Resource id (24 hexadecimal characters)');

export const idParams = z.strictObject({ id: objectId });

/** `true` or `false` as a query string. */
export const booleanQuery = z
  .enum(['true', 'false'], { message: 'must be true or false' })
  .transform((v) => v === 'true');
