// The context of the hits of one page: where each sits (paper, year, university, subject, module,
// topic, marks), the sittings a grouped question was also asked in, and how often a topic hit was
// examined lately. Only the page's hits are looked up, each record once: one `_id` `$in` per
// collection (our engine answers it from the `_id` index; one command per id cost a round trip
// each, about 80 of a page's 88 commands), all in one wave when the ids can be told from the hits
// (decision 13); what search already read of a hit is not read again. Each field read costs the
// engine per row, so only the fields shown are read. The rows of papers, topics, modules,
// subjects and universities are kept per process under their collection's generation, which the
// request read in its first wave (context-cache.ts): a repeated page usually reads none of them.
import type { Types } from 'mongoose';
import { PaperModel } from '../paper/model.js';
import { QuestionModel } from '../question/model.js';
import { RECENT_SITTINGS } from '../subject-offering/coverage-schema.js';
import { SITTING_RANK } from '../subject-offering/coverage.js';
import { SubjectOfferingModel } from '../subject-offering/model.js';
import { SubjectModel } from '../subject/model.js';
import { ModuleModel, TopicModel } from '../syllabus/model.js';
import type { AnyModel } from '../storage/model-helpers.js';
import { UniversityModel } from '../university/model.js';
import { isVisible, visibleWhere } from '../visibility.js';
import type { CallerView } from '../visibility.js';
import type { Candidate, Hit } from './rank.js';
import { NO_CONTEXT } from './rank.js';
import { guessedSubjectOf, rememberSubjectOf } from './offering-subjects.js';
import { contextRowsByIds } from './context-cache.js';
import type { Generations } from './context-cache.js';
import type { AlsoAsked, SearchHit, SearchHitContext } from './schema.js';

type ExamType = keyof typeof SITTING_RANK;

interface PaperRow {
  _id: Types.ObjectId;
  slug: string;
  title: string;
  examYear: number;
  examType: ExamType;
  subjectId: Types.ObjectId;
}

const PAPER_FIELDS = {
  slug: 1,
  title: 1,
  examYear: 1,
  examType: 1,
  subjectId: 1,
} as const;

type Row = Record<string, unknown> & { _id: Types.ObjectId };

const idOf = (value: unknown) => (value ? String(value) : null);

/**
 * The records of these ids with `fields` (one `$in`, none when every row is kept under the
 * generation this request read: context-cache.ts), into a map by id.
 */
async function byIds<T extends Row>(
  model: AnyModel,
  ids: Iterable<string | null>,
  fields: Record<string, 1>,
  generations: Generations | null = null,
): Promise<Map<string, T>> {
  const distinct = [...new Set([...ids].filter((id): id is string => !!id))];
  if (distinct.length === 0) return new Map();
  return contextRowsByIds<T>(model, distinct, fields, generations);
}

const SUBJECT_FIELDS = { slug: 1, name: 1 } as const;
const MODULE_FIELDS = { title: 1 } as const;

/** `read` with the records of the `needed` ids it lacks read and added (no command when none). */
async function withMissing(
  read: Map<string, Row>,
  model: AnyModel,
  needed: Iterable<string | null>,
  fields: Record<string, 1>,
  generations: Generations | null,
): Promise<Map<string, Row>> {
  const missing = [...needed].filter((id) => id && !read.has(id));
  if (missing.length === 0) return read;
  return new Map([...read, ...(await byIds<Row>(model, missing, fields, generations))]);
}

const sittingKey = (s: { examYear: number; examType: string }) => `${s.examYear}|${s.examType}`;

type AskedInLast = { asked: number; of: number };
type SittingRow = Pick<PaperRow, '_id' | 'examYear' | 'examType'> & {
  subjectOfferingId: Types.ObjectId;
};

/**
 * For each topic hit: in how many of its offering's last RECENT_SITTINGS sittings (of the papers
 * the viewer sees) the topic had a question the viewer sees. Two reads for all the topics: the
 * papers of their offerings and the questions of the topics (each an `$in` the engine answers
 * from the fields' indexes), not two per topic.
 */
async function askedInLastOf(
  viewer: CallerView,
  topics: readonly Candidate[],
): Promise<Map<string, AskedInLast>> {
  if (topics.length === 0) return new Map();
  const distinct = (values: unknown[]) => [...new Map(values.map((v) => [String(v), v])).values()];
  const [papers, questions] = await Promise.all([
    PaperModel.find(
      visibleWhere(viewer, 'paper', {
        subjectOfferingId: { $in: distinct(topics.map((t) => t.subjectOfferingId)) },
      }),
      { examYear: 1, examType: 1, subjectOfferingId: 1 },
    ).lean<SittingRow[]>(),
    QuestionModel.find(
      visibleWhere(viewer, 'question', { topicId: { $in: distinct(topics.map((t) => t._id)) } }),
      { paperId: 1, topicId: 1 },
    ).lean<{ paperId: Types.ObjectId; topicId: Types.ObjectId }[]>(),
  ]);
  const sittingOf = new Map(papers.map((p) => [String(p._id), sittingKey(p)]));
  const askedIn = new Map<string, Set<string | undefined>>();
  for (const q of questions) {
    const topic = String(q.topicId);
    askedIn.set(topic, (askedIn.get(topic) ?? new Set()).add(sittingOf.get(String(q.paperId))));
  }
  return new Map(
    topics.map((topic) => {
      const offering = String(topic.subjectOfferingId);
      const own = papers.filter((p) => String(p.subjectOfferingId) === offering);
      const recent = [...new Map(own.map((p) => [sittingKey(p), p])).values()]
        .sort(
          (a, b) => b.examYear - a.examYear || SITTING_RANK[b.examType] - SITTING_RANK[a.examType],
        )
        .slice(0, RECENT_SITTINGS)
        .map(sittingKey);
      const asked = askedIn.get(String(topic._id)) ?? new Set();
      return [
        String(topic._id),
        { asked: recent.filter((key) => asked.has(key)).length, of: recent.length },
      ];
    }),
  );
}

/** The hits of a page with their context (the items in the same order as `shown`). */
export async function withContext(
  viewer: CallerView,
  items: readonly SearchHit[],
  shown: readonly Hit[],
  generations: Generations | null = null,
): Promise<SearchHit[]> {
  const docsOf = (type: string) => shown.filter((hit) => hit.type === type).map((hit) => hit.doc);
  const questions = docsOf('question');
  const members = shown.flatMap((hit) => hit.members ?? []);
  const topicHits = docsOf('topic');
  const paperHits = docsOf('paper');
  // What the hits name (papers, offerings, topics, universities, the topics' sittings), and, in
  // the same wave, what those name as far as the hits tell it: a topic hit's module, a question's
  // module (its topic's, copied on the question), a paper hit's subject, and the subject each
  // offering was last seen to teach (offering-subjects.ts). A question carries its paper's
  // university, so its university is known from the hit itself.
  const [papers, offerings, questionTopics, universities, asked, earlySubjects, earlyModules] =
    await Promise.all([
      byIds<PaperRow & Row>(
        PaperModel,
        [...questions, ...members].map((q) => idOf(q.paperId)),
        PAPER_FIELDS,
        generations,
      ),
      byIds<Row>(
        SubjectOfferingModel,
        topicHits.map((t) => idOf(t.subjectOfferingId)),
        { subjectId: 1 },
      ),
      byIds<Row>(
        TopicModel,
        questions.map((q) => idOf(q.topicId)),
        { title: 1, moduleId: 1 },
        generations,
      ),
      byIds<Row>(
        UniversityModel,
        shown.flatMap((hit) => [hit.doc, ...(hit.members ?? [])]).map((d) => idOf(d.universityId)),
        { slug: 1, shortName: 1 },
        generations,
      ),
      askedInLastOf(viewer, topicHits),
      byIds<Row>(
        SubjectModel,
        [
          ...paperHits.map((p) => idOf(p.subjectId)),
          ...[...questions, ...topicHits].map((d) => guessedSubjectOf(d.subjectOfferingId)),
        ],
        SUBJECT_FIELDS,
        generations,
      ),
      byIds<Row>(
        ModuleModel,
        [...topicHits, ...questions.filter((q) => q.topicId)].map((d) => idOf(d.moduleId)),
        MODULE_FIELDS,
        generations,
      ),
    ]);
  // A paper hit is its own paper: its row was read by search with these fields.
  for (const doc of paperHits) papers.set(String(doc._id), doc as unknown as PaperRow & Row);
  const subjectIdOf = new Map<Candidate, unknown>([
    ...questions.map((q) => [q, papers.get(String(q.paperId))?.subjectId] as const),
    ...paperHits.map((p) => [p, p.subjectId] as const),
    ...topicHits.map((t) => [t, offerings.get(String(t.subjectOfferingId))?.subjectId] as const),
  ]);
  for (const [doc, subjectId] of subjectIdOf) rememberSubjectOf(doc.subjectOfferingId, subjectId);
  // Then what the first wave could not tell: usually nothing, so no command.
  const [subjects, modules] = await Promise.all([
    withMissing(
      earlySubjects,
      SubjectModel,
      [...subjectIdOf.values()].map(idOf),
      SUBJECT_FIELDS,
      generations,
    ),
    withMissing(
      earlyModules,
      ModuleModel,
      [...topicHits, ...questionTopics.values()].map((t) => idOf(t.moduleId)),
      MODULE_FIELDS,
      generations,
    ),
  ]);
  const university = (id: unknown) => {
    const row = universities.get(String(id));
    return row
      ? { id: String(row._id), slug: String(row.slug), shortName: String(row.shortName) }
      : null;
  };
  const subject = (id: unknown) => {
    const row = subjects.get(String(id));
    return row ? { id: String(row._id), slug: String(row.slug), name: String(row.name) } : null;
  };
  const titled = (row: Row | undefined) =>
    row ? { id: String(row._id), title: String(row.title) } : null;
  const paperRef = (paper: PaperRow | undefined) =>
    paper
      ? {
          id: String(paper._id),
          slug: paper.slug,
          title: paper.title,
          examYear: paper.examYear,
          examType: paper.examType,
        }
      : null;
  const alsoAsked = (docs: readonly Candidate[]): AlsoAsked[] =>
    docs.flatMap((doc) => {
      const paper = papers.get(String(doc.paperId));
      if (!paper) return [];
      return [
        {
          questionId: String(doc._id),
          paperSlug: paper.slug,
          examYear: paper.examYear,
          examType: paper.examType,
          universityShortName: university(doc.universityId)?.shortName ?? '',
        },
      ];
    });

  const contextOf = (hit: Hit): SearchHitContext => {
    const { doc } = hit;
    if (hit.type === 'question') {
      const paper = papers.get(String(doc.paperId));
      const topic = questionTopics.get(String(doc.topicId));
      return {
        ...NO_CONTEXT,
        paper: paperRef(paper),
        university: university(doc.universityId),
        subject: paper ? subject(paper.subjectId) : null,
        subjectOfferingId: idOf(doc.subjectOfferingId),
        module: topic ? titled(modules.get(String(topic.moduleId))) : null,
        topic: titled(topic),
        marks: typeof doc.marks === 'number' ? doc.marks : null,
        alsoAsked: alsoAsked(hit.members ?? []),
      };
    }
    if (hit.type === 'paper') {
      const paper = papers.get(String(doc._id));
      return {
        ...NO_CONTEXT,
        paper: paperRef(paper),
        university: university(doc.universityId),
        subject: subject(doc.subjectId),
        subjectOfferingId: idOf(doc.subjectOfferingId),
      };
    }
    if (hit.type === 'topic') {
      const offering = offerings.get(String(doc.subjectOfferingId));
      return {
        ...NO_CONTEXT,
        university: university(doc.universityId),
        subject: offering ? subject(offering.subjectId) : null,
        subjectOfferingId: idOf(doc.subjectOfferingId),
        module: titled(modules.get(String(doc.moduleId))),
        topic: { id: String(doc._id), title: String(doc.title) },
        askedInLast: asked.get(String(doc._id)) ?? null,
      };
    }
    return {
      ...NO_CONTEXT,
      subject: { id: String(doc._id), slug: doc.slug, name: String(doc.name) },
    };
  };
  // Every record here hangs from a hit the viewer may see; the academic check keeps a hidden
  // university's name out all the same.
  return items.map((item, i) => {
    const context = contextOf(shown[i]!);
    const hiddenUniversity =
      context.university && !isVisible(viewer, 'academic', { universityId: context.university.id });
    return hiddenUniversity
      ? { ...item, context: { ...context, university: null } }
      : { ...item, context };
  });
}
