// A stored paper as its reader's object: internal copies dropped, and the fields the reader may
// not see (visibility.ts) left out.
import type { MaybeActor } from '../access.js';
import { toDto } from '../storage/serialize.js';
import { paperFieldsHiddenFrom } from '../visibility.js';
import type { PaperRecord } from './counts.js';
import { paperSchema } from './schema.js';

/**
 * The DTO's fields that take null (`createdBy`, `file`, ...): a paper stored before such a field
 * existed shows it as null, so a new nullable field needs no line here.
 */
const NULLABLE_FIELDS = Object.entries(paperSchema.shape)
  .filter(([, schema]) => schema.safeParse(null).success)
  .map(([field]) => field);

/** Paper fields no DTO shows (internal copies). */
const INTERNAL_FIELDS = ['fileSha256', 'visible'];

/** A lean paper as the caller's DTO, without the fields the caller may not read (visibility.ts). */
export function toPaper(doc: unknown, actor: MaybeActor): PaperRecord {
  const hidden = paperFieldsHiddenFrom(actor);
  const omitted = new Set([...INTERNAL_FIELDS, ...hidden]);
  // The stored file also names its GridFS id and a lookup copy of the hash: neither is shown.
  const paper = toDto<PaperRecord>(doc, omitted);
  const file = paper.file;
  paper.file = file ? { size: file.size, sha256: file.sha256, uploadedAt: file.uploadedAt } : null;
  // Papers made before their creator was recorded have no `createdBy`: shown as unknown.
  const fields = paper as Record<string, unknown>;
  for (const field of NULLABLE_FIELDS) if (!omitted.has(field)) fields[field] ??= null;
  return paper;
}
