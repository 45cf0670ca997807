// The topic a question is about, only when one clearly leads: each topic of the paper's
// offering scores the weights of the terms its title shares with the question (and half those
// its module's title adds), and the best is suggested only when it scores at least 1.5 times
// the next one. A near tie ("search" in a BFS question against "Binary Search Trees") suggests
// nothing: a wrong topic costs an editor more than an empty one. Terms are the search
// tokenizer's stems; a term weighs more the fewer catalog documents hold it.
import type { Types } from 'mongoose';
import { stemOf, wordsOf } from '../search/tokens.js';
import { DOCUMENTS_KEY, readTermCounts, stemKey } from '../search/terms.js';
import { syllabusOfOffering } from '../syllabus/queries.js';

/** A topic of the syllabus with the stems of its title. */
export interface SyllabusTopic {
  moduleId: string;
  topicId: string;
  stems: ReadonlySet<string>;
  /** Stems of its module's title that its own title lacks. */
  moduleStems: ReadonlySet<string>;
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
  interface Row {
    _id: Types.ObjectId;
    title: string;
    order: number;
    moduleId?: Types.ObjectId;
  }
  const [modules, topics] = await syllabusOfOffering<Row>(String(subjectOfferingId));
  const moduleOf = new Map(modules.map((m) => [String(m._id), m]));
  return topics
    .map((t) => ({ t, at: [moduleOf.get(String(t.moduleId))?.order ?? 0, t.order] }))
    .sort((a, b) => a.at[0]! - b.at[0]! || a.at[1]! - b.at[1]! || (a.t._id < b.t._id ? -1 : 1))
    .map(({ t }) => {
      const stems = stemsOf(t.title);
      const moduleTitle = moduleOf.get(String(t.moduleId))?.title ?? '';
      const moduleStems = new Set([...stemsOf(moduleTitle)].filter((s) => !stems.has(s)));
      return { moduleId: String(t.moduleId), topicId: String(t._id), stems, moduleStems };
    });
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

/** How much more than the next topic the best must score to be suggested. */
export const TOPIC_LEAD = 1.5;
/** The share of a module title's shared terms in a topic's score. */
const MODULE_SHARE = 0.5;

/** The topic that clearly leads for a text (see the file's comment), or none. */
export function suggestTopic(
  stems: ReadonlySet<string>,
  topics: readonly SyllabusTopic[],
  weights: ReadonlyMap<string, number>,
): TopicSuggestion {
  const shared = (of: ReadonlySet<string>) => {
    let score = 0;
    for (const stem of of) if (stems.has(stem)) score += weights.get(stem) ?? 1;
    return score;
  };
  let best = NONE;
  let bestScore = 0;
  let secondScore = 0;
  for (const topic of topics) {
    const own = shared(topic.stems);
    // A module's words alone never make a topic: they only tell its topics apart.
    const score = own > 0 ? own + MODULE_SHARE * shared(topic.moduleStems) : 0;
    if (score > bestScore) {
      secondScore = bestScore;
      bestScore = score;
      best = { moduleId: topic.moduleId, topicId: topic.topicId };
    } else if (score > secondScore) secondScore = score;
  }
  return bestScore > 0 && bestScore >= TOPIC_LEAD * secondScore ? best : NONE;
}
