// The topic a question is most likely about: the topic of the paper's offering whose title
// shares the most weighted terms with the question. Terms are the search tokenizer's stems;
// a term weighs more the fewer catalog documents hold it (the search term counts).
import type { Types } from 'mongoose';
import { stemOf, wordsOf } from '../search/tokens.js';
import { DOCUMENTS_KEY, readTermCounts, stemKey } from '../search/terms.js';
import { syllabusOrderOfOffering } from '../syllabus/queries.js';

/** A topic of the syllabus with the stems of its title. */
export interface SyllabusTopic {
  moduleId: string;
  topicId: string;
  stems: ReadonlySet<string>;
}

/** A suggestion: module and topic, or both null. */
export interface TopicSuggestion {
  moduleId: string | null;
  topicId: string | null;
}

const NONE: TopicSuggestion = { moduleId: null, topicId: null };

/** The distinct stems of a text. */
export function stemsOf(text: string): Set<string> {
  return new Set(wordsOf(text).map(stemOf));
}

/** The topics of an offering's syllabus in syllabus order (module order, then topic order). */
export async function loadSyllabusTopics(
  subjectOfferingId: Types.ObjectId,
): Promise<SyllabusTopic[]> {
  const [modules, topics] = await syllabusOrderOfOffering(subjectOfferingId);
  const moduleOrder = new Map(modules.map((m) => [String(m._id), m.order]));
  return topics
    .map((t) => ({ t, at: [moduleOrder.get(String(t.moduleId)) ?? 0, t.order] }))
    .sort((a, b) => a.at[0]! - b.at[0]! || a.at[1]! - b.at[1]! || (a.t._id < b.t._id ? -1 : 1))
    .map(({ t }) => ({
      moduleId: String(t.moduleId),
      topicId: String(t._id),
      stems: stemsOf(t.title),
    }));
}

/** The weight of each stem: ln((documents + 1) / (holders + 1)) + 1, so rarer weighs more. */
export async function stemWeights(stems: Iterable<string>): Promise<Map<string, number>> {
  const list = [...new Set(stems)];
  const counts = await readTermCounts([DOCUMENTS_KEY, ...list.map(stemKey)]);
  const documents = counts.get(DOCUMENTS_KEY) ?? 0;
  return new Map(
    list.map((stem) => [
      stem,
      Math.log((documents + 1) / ((counts.get(stemKey(stem)) ?? 0) + 1)) + 1,
    ]),
  );
}

/** The best topic for a text (the first in syllabus order on a tie), or none. */
export function suggestTopic(
  stems: ReadonlySet<string>,
  topics: readonly SyllabusTopic[],
  weights: ReadonlyMap<string, number>,
): TopicSuggestion {
  let best = NONE;
  let bestScore = 0;
  for (const topic of topics) {
    let score = 0;
    for (const stem of topic.stems) if (stems.has(stem)) score += weights.get(stem) ?? 1;
    if (score > bestScore) {
      bestScore = score;
      best = { moduleId: topic.moduleId, topicId: topic.topicId };
    }
  }
  return best;
}
