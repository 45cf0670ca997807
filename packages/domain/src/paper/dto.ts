// A stored paper as its reader's object: internal copies dropped, and the fields the reader may
// not see (visibility.ts) left out.
import type { MaybeActor } from '../access.js';
import { toDto } from '../storage/serialize.js';
import { paperFieldsHiddenFrom } from '../visibility.js';
import type { PaperRecord } from './counts.js';

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
  if (!hidden.has('createdBy')) paper.createdBy = paper.createdBy ?? null;
  return paper;
}
