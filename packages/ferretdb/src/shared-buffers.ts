import { totalmem } from 'node:os';

/** The smallest and largest `shared_buffers` the embedded server gets, in MiB. */
export const SHARED_BUFFERS_BOUNDS = { min: 128, max: 2048 } as const;

/**
 * PostgreSQL's `shared_buffers` for a machine of `totalBytes` of memory: an eighth of it, from
 * 128 MiB (the server's default) to 2 GiB. A search reads one heap page per hit: at the default,
 * the scale-50 catalog's entries (1.25 GB) were read from outside the buffers, 3.1 of a 3.8 s
 * statement (decision 13). The memory is shared and touched only as pages are read.
 */
export function sharedBuffersMiB(totalBytes: number = totalmem()): number {
  const eighth = Math.floor(totalBytes / 8 / 1024 / 1024);
  return Math.min(SHARED_BUFFERS_BOUNDS.max, Math.max(SHARED_BUFFERS_BOUNDS.min, eighth));
}
