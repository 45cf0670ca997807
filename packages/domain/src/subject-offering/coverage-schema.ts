import { z } from 'zod';
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

export const sittingSchema = z.object({
  examYear: z.number().int().describe('Year the exam was held'),
  examType: z.enum(EXAM_TYPES).describe('Kind of exam'),
});
export type Sitting = z.infer<typeof sittingSchema>;

export const coverageStatsSchema = z.object({
  questionCount: z.number().int().min(0).describe('Questions asked'),
  marks: z.number().min(0).describe('Sum of their marks (questions without marks count 0)'),
  years: z.array(z.number().int()).describe('Exam years they were asked in, ascending, distinct'),
  examTypes: examTypeCounts,
  askedInLast: z
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
    .describe(`In how many of the offering's last ${RECENT_SITTINGS} exam sittings it was asked`),
  repeated: z
    .number()
    .int()
    .min(0)
    .describe(
      'Questions also asked in another sitting: a near-identical question (Jaccard index of 2-word shingles above 0.5) is in a paper of this offering from another exam year or type',
    ),
  bySitting: z
    .array(
      sittingSchema.extend({
        questionCount: z.number().int().min(0).describe('Questions asked in that sitting'),
      }),
    )
    .describe(
      `Questions asked in each of the offering's latest ${RECENT_SITTINGS} sittings, in the order of its sittings (newest first)`,
    ),
});
export type CoverageStats = z.infer<typeof coverageStatsSchema>;

const syllabusEntry = {
  id: z.string().describe('Id'),
  title: z.string().describe('Title'),
  order: z.number().describe('Position in the syllabus'),
};

export const coverageTopicSchema = z.object({ ...syllabusEntry, ...coverageStatsSchema.shape });
export type CoverageTopic = z.infer<typeof coverageTopicSchema>;

export const coverageModuleSchema = z.object({
  ...syllabusEntry,
  ...coverageStatsSchema.shape,
  topics: z.array(coverageTopicSchema).describe('Topics of the module, in syllabus order'),
});
export type CoverageModule = z.infer<typeof coverageModuleSchema>;

export const coverageSchema = z.object({
  subjectOfferingId: z.string().describe('The offering'),
  papers: z
    .object({
      count: z.number().int().min(0).describe('Papers the caller may see'),
      years: z.array(z.number().int()).describe('Their exam years, ascending, distinct'),
    })
    .describe('The papers counted (only those the caller may see)'),
  sittings: z
    .array(sittingSchema)
    .describe(
      `The latest ${RECENT_SITTINGS} sittings (distinct exam year and type of the papers counted), newest first; ` +
        'within a year: supplementary, end-term, mid-term, quiz',
    ),
  modules: z.array(coverageModuleSchema).describe('Modules of the syllabus, in order'),
  unassigned: coverageStatsSchema.describe('Questions assigned to no module'),
});
export type Coverage = z.infer<typeof coverageSchema>;
