// Suggestions while typing: subjects, syllabus topics and frequent words completing the last word
// typed. Each kind is one pushed-down equality on the search key of the word's start (tokens.ts:
// documents store the 4- and 5-character prefixes of their words), with the caller's visibility
// conditions, newest first and bounded; the words are then checked in code. Frequent words are
// counted over the visible questions read, so a hidden paper's words are never suggested.
import { parseInput } from '../errors.js';
import { QuestionModel } from '../question/model.js';
import type { AnyModel } from '../storage/model-helpers.js';
import { SubjectModel } from '../subject/model.js';
import { TopicModel } from '../syllabus/model.js';
import { asCaller, isVisible, visibleFilter } from '../visibility.js';
import type { Caller } from '../visibility.js';
import { MAX_SUGGESTIONS, suggestQuerySchema } from './schema.js';
import type { Suggestion } from './schema.js';
import { paginationMeta } from '../listing/pagination.js';
import type { Page } from '../listing/pagination.js';
import { allWordsOf, cut, eachWord, fieldOf, MAX_PREFIX, MIN_PREFIX, wordsOf } from './tokens.js';

/**
 * Documents of each kind read for one suggestion list. Each row read costs the engine about 0.1 ms
 * under load: at 100, the questions' read took 12 of a 27 ms suggestion at 100,000 questions (the
 * bench's scale 5); the newest 50 holding the word still show its common completions.
 */
export const SUGGEST_READ = 50;
/** At most this many subjects and topics each, so frequent words keep a place. */
const MAX_TITLES = 4;

interface TitleRow {
  _id: unknown;
  name?: string;
  title?: string;
  slug?: string;
  universityId?: unknown;
  visible?: boolean;
  paperStatus?: string;
  text?: string;
}

const startsWord = (text: string, prefix: string) =>
  wordsOf(text).some((word) => word.startsWith(prefix));

function read(model: AnyModel, filter: Record<string, unknown>, fields: Record<string, 1>) {
  return model
    .find(filter, fields)
    .sort({ _id: -1 })
    .limit(SUGGEST_READ)
    .batchSize(SUGGEST_READ)
    .lean<TitleRow[]>()
    .exec() as Promise<TitleRow[]>;
}

/** Distinct by folded text, first kept, at most `n`. */
function distinctTexts(items: Suggestion[], n: number): Suggestion[] {
  const seen = new Set<string>();
  return items
    .filter((item) => {
      const key = item.text.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, n);
}

/**
 * Up to MAX_SUGGESTIONS completions of the last word of `q` (from its MIN_PREFIX-th letter on):
 * subjects and topics with a word it starts (by name), then the words it starts most often used
 * in the newest visible questions holding it, as the whole query completed. Only what the
 * caller may see. 400 when `q` is empty, over 50 characters or malformed.
 */
export async function suggestSearch({
  actor,
  query,
}: {
  actor: Caller;
  query?: unknown;
}): Promise<Page<Suggestion>> {
  const { q } = parseInput(suggestQuerySchema, query ?? {});
  const words = allWordsOf(q);
  const last = words.at(-1) ?? '';
  if (last.length < MIN_PREFIX || /\s$/.test(q)) return onePage([]);
  const key = cut(last, MAX_PREFIX);
  const byKey = { [fieldOf(key)]: key };
  // Subjects belong to no university and every caller sees them all: they are read at once, while
  // the caller's view is read; topics and questions after it (visibility.ts: viewer first).
  const visibleReads = async () => {
    const viewer = await asCaller(actor).view();
    const [topics, questions] = await Promise.all([
      read(
        TopicModel,
        { ...visibleFilter(viewer, 'academic'), ...byKey },
        { title: 1, universityId: 1 },
      ),
      read(
        QuestionModel,
        { ...visibleFilter(viewer, 'question'), ...byKey },
        { text: 1, universityId: 1, visible: 1, paperStatus: 1 },
      ),
    ]);
    return { viewer, topics, questions };
  };
  const [subjects, { viewer, topics, questions }] = await Promise.all([
    read(SubjectModel, byKey, { name: 1, slug: 1 }),
    visibleReads(),
  ]);
  const subjectItems = distinctTexts(
    subjects
      .filter((s) => startsWord(s.name ?? '', last))
      .sort((a, b) => String(a.name).localeCompare(String(b.name)))
      .map((s) => ({ type: 'subject', text: s.name!, id: String(s._id), slug: s.slug! })),
    MAX_TITLES,
  );
  const topicItems = distinctTexts(
    topics
      .filter((t) => isVisible(viewer, 'academic', t) && startsWord(t.title ?? '', last))
      .sort((a, b) => String(a.title).localeCompare(String(b.title)))
      .map((t) => ({ type: 'topic', text: t.title!, id: String(t._id) })),
    MAX_TITLES,
  );
  const counts = new Map<string, number>();
  for (const question of questions) {
    if (!isVisible(viewer, 'question', question)) continue;
    const seen = new Set<string>();
    eachWord(question.text ?? '', (word) => {
      if (word.startsWith(last) && !seen.has(word)) {
        seen.add(word);
        counts.set(word, (counts.get(word) ?? 0) + 1);
      }
    });
  }
  // The text before the last word, kept as typed.
  const before = q.slice(0, /[\p{L}\p{N}\p{M}]+$/u.exec(q)?.index ?? q.length);
  const termItems: Suggestion[] = [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([word]) => ({ type: 'term', text: `${before}${word}` }));
  return onePage(distinctTexts([...subjectItems, ...topicItems, ...termItems], MAX_SUGGESTIONS));
}

/** Suggestions are one page: all there are, at most MAX_SUGGESTIONS. */
function onePage(items: Suggestion[]): Page<Suggestion> {
  return { items, pagination: paginationMeta(1, MAX_SUGGESTIONS, items.length) };
}
