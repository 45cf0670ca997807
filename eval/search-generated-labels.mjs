// The labelled queries over the bench's generated catalog (catalog-generator/catalog.mjs), judged from what
// the generator meant each document to be, never from the words the ranking reads: a topic is
// its title; a question is about its main concept ("the role of <concept>") in its topic; a paper
// is its subject's sitting; a subject is its name. Only what an anonymous student may see (papers
// approved) is judged relevant. Deterministic: the catalog's seed, then a seeded pick of queries.
import { CONCEPTS, SUBJECT_STEMS, VERBS } from '../catalog-generator/vocabulary.mjs';
import { createRandom } from '../bench/lib.mjs';

/** Queries per family. */
const COUNTS = { topic: 16, subject: 16, paper: 16, question: 24 };
/** A query with more relevant results than this could not reach recall@20 of 1: left out. */
const MAX_RELEVANT = 20;

/** A query's words as a student types them: lower case, punctuation dropped. */
const typed = (text) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, ' ')
    .trim();

const byString = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/** The structure of each visible question: verb, main concept, topic title (null: no topic). */
function questionsOf(docs) {
  const visiblePapers = new Set(
    docs.papers.filter((p) => p.status === 'approved').map((p) => String(p._id)),
  );
  const topicTitle = new Map(docs.topics.map((t) => [String(t._id), t.title]));
  const out = [];
  for (const question of docs.questions) {
    if (!visiblePapers.has(String(question.paperId)) || !question.topicId) continue;
    const topic = topicTitle.get(String(question.topicId));
    const verb = VERBS.find((v) => question.text.startsWith(`${v} the role of `));
    const concept = CONCEPTS.find((c) =>
      question.text.startsWith(`${verb} the role of ${c} in ${topic.toLowerCase()} `),
    );
    if (!verb || !concept) throw new Error(`unexpected generated text: ${question.text}`);
    out.push({
      verb,
      concept,
      topic,
      unit: `${verb} the role of ${concept} in ${topic.toLowerCase()}`,
    });
  }
  return out;
}

/** Topic names: the topic of that title. */
function topicQueries(docs, rnd) {
  const titles = [...new Set(docs.topics.map((t) => t.title))].sort(byString);
  return rnd.sample(titles, COUNTS.topic).map((title) => ({
    family: 'topic',
    q: typed(title),
    relevant: [{ type: 'topic', title, grade: 2 }],
  }));
}

/** Subject names: the subject of that name, its other editions ("II", "III") related. */
function subjectQueries(docs, rnd) {
  return rnd.sample(SUBJECT_STEMS, COUNTS.subject).map((stem) => ({
    family: 'subject',
    q: typed(stem),
    relevant: docs.subjects
      .filter((s) => s.name === stem || s.name.startsWith(`${stem} `))
      .map((s) => ({ type: 'subject', title: s.name, grade: s.name === stem ? 2 : 1 })),
  }));
}

/** A sitting ("<subject> <exam type> <year>"): its papers; another edition's same sitting related. */
function paperQueries(docs, rnd) {
  const subjectName = new Map(docs.subjects.map((s) => [String(s._id), s.name]));
  const visible = docs.papers.filter((p) => p.status === 'approved');
  const stemOf = (p) => SUBJECT_STEMS.find((stem) => subjectName.get(String(p.subjectId)) === stem);
  const sittings = [...new Set(visible.filter(stemOf).map((p) => p.title))].sort(byString);
  return rnd.sample(sittings, COUNTS.paper).map((title) => {
    const paper = visible.find((p) => p.title === title);
    const stem = stemOf(paper);
    const sitting = title.slice(stem.length);
    const related = visible
      .filter((p) => p.title !== title && p.title.endsWith(sitting))
      .filter((p) => subjectName.get(String(p.subjectId)).startsWith(`${stem} `))
      .map((p) => p.title);
    return {
      family: 'paper',
      q: typed(title),
      relevant: [
        { type: 'paper', title, grade: 2 },
        ...[...new Set(related)].sort(byString).map((t) => ({ type: 'paper', title: t, grade: 1 })),
      ],
    };
  });
}

/**
 * A question remembered by its concept and topic ("hashing analysis caching"), half of them with
 * its verb too: the questions on that concept in a topic of that title (with that verb, when it
 * was typed). Questions on the topic's concept in a topic named after the query's concept hold the
 * same words and are not relevant. The topic is not judged: the student asks for a question.
 */
function questionQueries(docs, rnd) {
  const questions = questionsOf(docs);
  const units = [...new Set(questions.map((q) => q.unit))].sort(byString);
  return rnd.sample(units, COUNTS.question).map((unit, i) => {
    const { verb, concept, topic } = questions.find((q) => q.unit === unit);
    const withVerb = i % 2 === 0;
    const same = questions.filter(
      (q) => q.concept === concept && q.topic === topic && (!withVerb || q.verb === verb),
    );
    return {
      family: 'question',
      q: typed(`${withVerb ? `${verb} ` : ''}${concept} ${topic}`),
      relevant: [...new Set(same.map((q) => q.unit))]
        .sort(byString)
        .map((title) => ({ type: 'question', title, grade: 2 })),
    };
  });
}

/** The labelled set of the catalog `buildCatalog({ seed, scale })` made. */
export function generatedLabelledSet(catalog, { seed, scale }) {
  const rnd = createRandom(seed + 57);
  const queries = [
    ...topicQueries(catalog.docs, rnd),
    ...subjectQueries(catalog.docs, rnd),
    ...paperQueries(catalog.docs, rnd),
    ...questionQueries(catalog.docs, rnd),
  ];
  const tooMany = queries.filter((query) => query.relevant.length > MAX_RELEVANT);
  if (tooMany.length > 0) throw new Error(`over ${MAX_RELEVANT} relevant: ${tooMany[0].q}`);
  return {
    about:
      "Search queries over the bench catalog (catalog-generator/catalog.mjs) at this seed and scale, judged from the generator's structure by eval/search-generated-labels.mjs: a topic by its title, a question by its main concept in its topic (unit: the start of its text), a paper by its sitting, a subject by its name; grade 2 for what the query asks for, 1 for a related result. Anonymous caller: only approved papers. Rewrite with `npm run eval -- --only search --write-labels`.",
    seed,
    scale,
    queries,
  };
}
