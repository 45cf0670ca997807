// How an offering's syllabus has been examined. Four reads, all by equality on the offering:
// the visible papers (year and type), the visible questions (each read once: its place and marks
// for the tallies, its text and band keys for the repeated ones), and the modules and topics, each
// through its module's queries. Papers are joined to the questions in code. (A `$group` of the
// questions in the engine would not be cheaper: FerretDB decodes every matching row in Go for an
// aggregation anyway.)
import { Types } from 'mongoose';
import { objectId } from '../common-schemas.js';
import { NotFoundError, parseInput } from '../errors.js';
import { paperSittingsMatching } from '../paper/queries.js';
import { EXAM_TYPES } from '../paper/schema.js';
import { questionsMatching } from '../question/queries.js';
import { syllabusOfOffering } from '../syllabus/queries.js';
import { isVisible, readVisible, visibleWhere } from '../visibility.js';
import type { ReadById, CallerView } from '../visibility.js';
import { countRepeated, REPEATED_PROJECTION } from '../similar/repeated.js';
import type { RepeatedRow } from '../similar/repeated.js';
import { RECENT_SITTINGS } from './coverage-schema.js';
import { SubjectOfferingModel } from './model.js';
import type { Coverage, CoverageStats, Sitting } from './coverage-schema.js';

type ExamType = (typeof EXAM_TYPES)[number];

/** Order of sittings within one exam year, latest last (search orders sittings by it too). */
export const SITTING_RANK: Record<ExamType, number> = {
  quiz: 0,
  'mid-term': 1,
  'end-term': 2,
  supplementary: 3,
};

interface PaperRow {
  _id: Types.ObjectId;
  examYear: number;
  examType: ExamType;
  status?: string;
  visible?: boolean;
  universityId?: Types.ObjectId;
}

interface QuestionRow extends RepeatedRow, Record<string, unknown> {
  paperId: Types.ObjectId;
  moduleId?: Types.ObjectId | null;
  topicId?: Types.ObjectId | null;
  marks?: number | null;
}

interface SyllabusRow {
  _id: Types.ObjectId;
  title: string;
  order: number;
  moduleId?: Types.ObjectId;
}

class Tally {
  questionCount = 0;
  marks = 0;
  readonly years = new Set<number>();
  readonly examTypes = Object.fromEntries(EXAM_TYPES.map((t) => [t, 0])) as Record<
    ExamType,
    number
  >;
  /** Questions asked per sitting (`sittingKey`). */
  readonly sittings = new Map<string, number>();

  add(count: number, marks: number, paper: PaperRow): void {
    this.questionCount += count;
    this.marks += marks * count;
    this.years.add(paper.examYear);
    this.examTypes[paper.examType] += count;
    const key = sittingKey(paper);
    this.sittings.set(key, (this.sittings.get(key) ?? 0) + count);
  }

  stats(recent: readonly Sitting[], repeated: number): CoverageStats {
    const bySitting = recent.map((sitting) => ({
      ...sitting,
      questionCount: this.sittings.get(sittingKey(sitting)) ?? 0,
    }));
    return {
      repeated,
      questionCount: this.questionCount,
      marks: this.marks,
      years: [...this.years].sort((a, b) => a - b),
      examTypes: { ...this.examTypes },
      askedInLast: {
        asked: bySitting.filter((s) => s.questionCount > 0).length,
        of: recent.length,
      },
      bySitting,
    };
  }
}

function sittingKey(sitting: { examYear: number; examType: string }): string {
  return `${sitting.examYear}|${sitting.examType}`;
}

/** The distinct sittings of the papers, newest first. */
function sittingsOf(papers: readonly PaperRow[]): Sitting[] {
  const distinct = new Map<string, Sitting>();
  for (const { examYear, examType } of papers)
    distinct.set(sittingKey({ examYear, examType }), { examYear, examType });
  return [...distinct.values()].sort(
    (a, b) => b.examYear - a.examYear || SITTING_RANK[b.examType] - SITTING_RANK[a.examType],
  );
}

async function readInputs(viewer: CallerView, offeringId: string) {
  const offering = new Types.ObjectId(offeringId);
  const [papers, questions, [modules, topics]] = await Promise.all([
    paperSittingsMatching<PaperRow>(
      visibleWhere(viewer, 'paper', { subjectOfferingId: offeringId }),
    ),
    questionsMatching<QuestionRow>(
      visibleWhere(viewer, 'question', { subjectOfferingId: offering }),
      {
        marks: 1,
        ...REPEATED_PROJECTION,
      },
    ),
    syllabusOfOffering<SyllabusRow>(offeringId),
  ]);
  return { papers, questions, modules, topics };
}

/**
 * How the syllabus of an offering has been examined, counting only the papers the caller may
 * see: per module and topic the questions, marks, years, exam types and presence in the last 5
 * sittings; the questions assigned to no module; the papers. 404 when the offering is missing
 * or hidden.
 */
export async function getSubjectOfferingCoverage({ actor, id }: ReadById): Promise<Coverage> {
  const offeringId = parseInput(objectId, id, 'id');
  const { view: viewer } = await readVisible(
    actor,
    'academic',
    () => SubjectOfferingModel.findById(offeringId, { universityId: 1 }).lean(),
    () => new NotFoundError('Subject offering not found'),
  );
  const { papers, questions, modules, topics } = await readInputs(viewer, offeringId);

  const visiblePapers = papers.filter((p) => isVisible(viewer, 'paper', p));
  const paperById = new Map(visiblePapers.map((p) => [String(p._id), p]));
  const recent = sittingsOf(visiblePapers).slice(0, RECENT_SITTINGS);
  const moduleTallies = new Map(modules.map((m) => [String(m._id), new Tally()]));
  const topicTallies = new Map(topics.map((t) => [String(t._id), new Tally()]));
  const unassigned = new Tally();

  for (const question of questions) {
    const paper = paperById.get(String(question.paperId));
    if (!paper) continue;
    const marks = typeof question.marks === 'number' ? question.marks : 0;
    const moduleTally = question.moduleId
      ? moduleTallies.get(String(question.moduleId))
      : undefined;
    (moduleTally ?? unassigned).add(1, marks, paper);
    const topicTally = question.topicId ? topicTallies.get(String(question.topicId)) : undefined;
    if (moduleTally && topicTally) topicTally.add(1, marks, paper);
  }

  // Each module's topics in their order, grouped once rather than filtered per module.
  const topicsByModule = new Map<string, SyllabusRow[]>();
  for (const topic of topics) {
    const moduleId = String(topic.moduleId);
    const list = topicsByModule.get(moduleId);
    if (list) list.push(topic);
    else topicsByModule.set(moduleId, [topic]);
  }
  const repeated = countRepeated(
    questions,
    new Map(visiblePapers.map((p) => [String(p._id), sittingKey(p)])),
  );
  const entry = (row: SyllabusRow, tally: Tally) => ({
    id: String(row._id),
    title: row.title,
    order: row.order,
    ...tally.stats(recent, repeated.get(String(row._id)) ?? 0),
  });
  return {
    subjectOfferingId: offeringId,
    papers: {
      count: visiblePapers.length,
      years: [...new Set(visiblePapers.map((p) => p.examYear))].sort((a, b) => a - b),
    },
    sittings: recent,
    modules: modules.map((module) => {
      const id = String(module._id);
      return {
        ...entry(module, moduleTallies.get(id)!),
        topics: (topicsByModule.get(id) ?? []).map((topic) =>
          entry(topic, topicTallies.get(String(topic._id))!),
        ),
      };
    }),
    unassigned: unassigned.stats(recent, repeated.get(null) ?? 0),
  };
}
