// The context of the hits of one page: where each sits (paper, year, university, subject, module,
// topic, marks), the sittings a grouped question was also asked in, and how often a topic hit was
// examined lately. Only the page's hits are looked up, each record once: one `_id` `$in` per
// collection (our engine answers it from the `_id` index; one command per id cost a round trip
// each, about 80 of a page's 88 commands); what search already read of a hit is not read again.
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
import type { AlsoAsked, SearchHit, SearchHitContext } from './schema.js';

type ExamType = keyof typeof SITTING_RANK;

interface PaperRow {
  _id: Types.ObjectId;
  slug: string;
  title: string;
  examYear: number;
  examType: ExamType;
  subjectId: Types.ObjectId;
  universityId: Types.ObjectId;
}

const PAPER_FIELDS = {
  slug: 1,
  title: 1,
  examYear: 1,
  examType: 1,
  subjectId: 1,
  universityId: 1,
} as const;

const UNIVERSITY_FIELDS = { slug: 1, shortName: 1 } as const;

type Row = Record<string, unknown> & { _id: Types.ObjectId };

const idOf = (value: unknown) => (value ? String(value) : null);

/** Reads the records of these ids with `fields` (one `$in`), into a map by id. */
async function byIds<T extends Row>(
  model: AnyModel,
  ids: Iterable<string | null>,
  fields: Record<string, 1>,
): Promise<Map<string, T>> {
  const distinct = [...new Set([...ids].filter((id): id is string => !!id))];
  if (distinct.length === 0) return new Map();
  const rows = await model.find({ _id: { $in: distinct } }, fields).lean<T[]>();
  return new Map(rows.map((row) => [String(row._id), row]));
}

const sittingKey = (s: { examYear: number; examType: string }) => `${s.examYear}|${s.examType}`;

/**
 * In how many of the offering's last RECENT_SITTINGS sittings (of the papers the viewer sees)
 * the topic had a question the viewer sees.
 */
async function askedInLastOf(
  viewer: CallerView,
  topic: Candidate,
): Promise<{ asked: number; of: number }> {
  const offeringId = topic.subjectOfferingId as Types.ObjectId;
  const [papers, questions] = await Promise.all([
    PaperModel.find(visibleWhere(viewer, 'paper', { subjectOfferingId: offeringId }), {
      examYear: 1,
      examType: 1,
    }).lean<{ _id: Types.ObjectId; examYear: number; examType: ExamType }[]>(),
    QuestionModel.find(visibleWhere(viewer, 'question', { topicId: topic._id }), {
      paperId: 1,
    }).lean<{ paperId: Types.ObjectId }[]>(),
  ]);
  const recent = [...new Map(papers.map((p) => [sittingKey(p), p])).values()]
    .sort((a, b) => b.examYear - a.examYear || SITTING_RANK[b.examType] - SITTING_RANK[a.examType])
    .slice(0, RECENT_SITTINGS)
    .map(sittingKey);
  const sittingOf = new Map(papers.map((p) => [String(p._id), sittingKey(p)]));
  const asked = new Set(questions.map((q) => sittingOf.get(String(q.paperId))));
  return { asked: recent.filter((key) => asked.has(key)).length, of: recent.length };
}

/** The hits of a page with their context (the items in the same order as `shown`). */
export async function withContext(
  viewer: CallerView,
  items: readonly SearchHit[],
  shown: readonly Hit[],
): Promise<SearchHit[]> {
  const docsOf = (type: string) => shown.filter((hit) => hit.type === type).map((hit) => hit.doc);
  const questions = docsOf('question');
  const members = shown.flatMap((hit) => hit.members ?? []);
  const topicHits = docsOf('topic');
  const paperHits = docsOf('paper');
  // Two waves: what the hits name (their papers, offerings, topics, universities), then what
  // those name (subjects, modules, and a paper's university no hit named).
  const [papers, offerings, questionTopics, hitUniversities, asked] = await Promise.all([
    byIds<PaperRow & Row>(
      PaperModel,
      [...questions, ...members].map((q) => idOf(q.paperId)),
      PAPER_FIELDS,
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
    ),
    byIds<Row>(
      UniversityModel,
      [...questions, ...members, ...paperHits, ...topicHits].map((d) => idOf(d.universityId)),
      UNIVERSITY_FIELDS,
    ),
    Promise.all(topicHits.map((topic) => askedInLastOf(viewer, topic))),
  ]);
  // A paper hit is its own paper: its row was read by search with these fields.
  for (const doc of paperHits) papers.set(String(doc._id), doc as unknown as PaperRow & Row);
  const [paperUniversities, subjects, modules] = await Promise.all([
    byIds<Row>(
      UniversityModel,
      [...papers.values()]
        .map((d) => idOf(d.universityId))
        .filter((id) => !id || !hitUniversities.has(id)),
      UNIVERSITY_FIELDS,
    ),
    byIds<Row>(
      SubjectModel,
      [...papers.values(), ...offerings.values()].map((d) => idOf(d.subjectId)),
      { slug: 1, name: 1 },
    ),
    byIds<Row>(
      ModuleModel,
      [...topicHits, ...questionTopics.values()].map((t) => idOf(t.moduleId)),
      { title: 1 },
    ),
  ]);
  const universities = new Map([...hitUniversities, ...paperUniversities]);
  const askedOf = new Map(topicHits.map((t, i) => [String(t._id), asked[i]!]));

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
          universityShortName: university(paper.universityId)?.shortName ?? '',
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
        askedInLast: askedOf.get(String(doc._id)) ?? null,
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
