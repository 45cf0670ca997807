// Which fields of each searchable kind are searched, and how they weigh: the one list the models'
// search keys (indexing.ts), the ranking (rank.ts) and the entries (entries.ts) read.
import type { SearchType } from './schema.js';

/** Which fields of a model are searched, and how they weigh. */
export interface SearchableFields {
  /** Title-like fields (title, slug, name, code): a hit here ranks above a body hit. */
  title: readonly string[];
  /** Body text (question text, subject description). */
  body: readonly string[];
}

/** The searched fields of each searchable kind. */
export const SEARCHED_FIELDS = {
  question: { title: ['slug'], body: ['text'] },
  paper: { title: ['title', 'slug'], body: [] },
  subject: { title: ['name', 'code'], body: ['description'] },
  topic: { title: ['title'], body: [] },
} as const satisfies Record<SearchType, SearchableFields>;
