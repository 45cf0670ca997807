import { z } from 'zod';
import { recordId } from '../common-schemas.js';
import { EXAM_TYPES } from '../paper/schema.js';

/** How many of an offering's latest sittings `askedInLast` looks at. */
export const RECENT_SITTINGS = 5;

const examTypeCounts = z
  .object(
    Object.fromEntries(EXAM_TYPES.map((type) => [type, z.number().int().min(0)])) as Record<
      (typeof EXAM_TYPES)[number],
      z.ZodNumber
    >,
  )
  .describe('Number of questions per exam type of their paper (every type present)');

export const sittingSchema = z
  .object({
    examYear: z.number().int().describe('The exam year'),
    examType: z.enum(EXAM_TYPES).describe('The exam type'),
  })
  .describe('One exam sitting: a distinct exam year and type of the papers counted');
export type Sitting = z.infer<typeof sittingSchema>;

export const sittingCountSchema = sittingSchema
  .extend({
    questionCount: z.number().int().min(0).describe('Questions asked in that sitting'),
  })
  .describe('Questions asked in one exam sitting');

export const askedInLastSchema = z
  .object({
    asked: z.number().int().min(0).describe('Sittings among the latest in which it was asked'),
    of: z
      .number()
      .int()
      .min(0)
      .describe(
        `Latest sittings looked at: ${RECENT_SITTINGS}, or fewer when the offering has fewer`,
      ),
  })
  .describe("In how many of the offering's latest sittings something was asked");

export const coverageStatsSchema = z
  .object({
    questionCount: z.number().int().min(0).describe('Questions asked'),
    marks: z.number().min(0).describe('Sum of their marks (questions without marks count 0)'),
    years: z.array(z.number().int()).describe('Exam years they were asked in, ascending, distinct'),
    examTypes: examTypeCounts,
    askedInLast: askedInLastSchema.describe(
      `In how many of the offering's latest sittings (at most ${RECENT_SITTINGS}) it was asked`,
    ),
    repeated: z
      .number()
      .int()
      .min(0)
      .describe(
        'Questions also asked in another sitting: a near-identical question (Jaccard index of 2-word shingles above 0.5) is in a paper of this offering from another exam year or type',
      ),
    bySitting: z
      .array(sittingCountSchema)
      .describe(
        `Questions asked in each of the offering's latest sittings (at most ${RECENT_SITTINGS}), in the order of its sittings (newest first)`,
      ),
  })
  .describe('Questions asked, marks, years and sittings of one part of a syllabus');
export type CoverageStats = z.infer<typeof coverageStatsSchema>;

/** A module's or topic's own fields, `what` naming it and `within` where its order counts. */
const syllabusEntry = (what: string, within: string) => ({
  id: recordId.describe(`The ${what}'s id`),
  title: z.string().describe(`The ${what}'s title`),
  order: z.number().describe(`Its position in the ${within}`),
});

export const coverageTopicSchema = z
  .object({ ...syllabusEntry('topic', 'module'), ...coverageStatsSchema.shape })
  .describe('Coverage of one topic');
export type CoverageTopic = z.infer<typeof coverageTopicSchema>;

export const coverageModuleSchema = z
  .object({
    ...syllabusEntry('module', 'syllabus'),
    ...coverageStatsSchema.shape,
    topics: z.array(coverageTopicSchema).describe('Its topics, in syllabus order'),
  })
  .describe('Coverage of one module and its topics');
export type CoverageModule = z.infer<typeof coverageModuleSchema>;

export const coveragePapersSchema = z
  .object({
    count: z.number().int().min(0).describe('Papers the caller may see'),
    years: z.array(z.number().int()).describe('Their exam years, ascending, distinct'),
  })
  .describe('The papers a coverage counts');

export const coverageSchema = z
  .object({
    subjectOfferingId: z.string().describe('The offering'),
    papers: coveragePapersSchema.describe('The papers counted (only those the caller may see)'),
    sittings: z
      .array(sittingSchema)
      .describe(
        `The latest ${RECENT_SITTINGS} sittings (distinct exam year and type of the papers counted), newest first; ` +
          'within a year: supplementary, end-term, mid-term, quiz',
      ),
    modules: z.array(coverageModuleSchema).describe('Modules of the syllabus, in order'),
    unassigned: coverageStatsSchema.describe('Questions assigned to no module'),
  })
  .describe('How the syllabus of an offering has been examined');
export type Coverage = z.infer<typeof coverageSchema>;
