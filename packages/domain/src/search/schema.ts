import { z } from 'zod';
import { objectId, recordId } from '../common-schemas.js';
import { paginationQuery } from '../listing/list-query.js';
import { EXAM_TYPES, MIN_EXAM_YEAR } from '../paper/schema.js';
import { askedInLastSchema } from '../subject-offering/coverage-schema.js';
import { allWordsOf, MIN_QUERY_WORD_LENGTH, queryTerms } from './tokens.js';

/** What search finds. */
export const SEARCH_TYPES = ['question', 'paper', 'subject', 'topic'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** Longest accepted query, in characters. */
export const MAX_QUERY_LENGTH = 100;

/**
 * Why a query finds nothing to search for, in plain words for the person who typed it, or
 * undefined when it has a searchable word. One reason, the first that applies, so REST and
 * GraphQL say the same; search answers it as `hint` with no hits.
 */
export function unsearchableReason(q: string): string | undefined {
  if (queryTerms(q).length > 0) return undefined;
  const words = allWordsOf(q);
  if (words.length === 0)
    return 'Type a word made of letters or digits: punctuation, symbols and emoji are not searched.';
  if (words.every((word) => word.length < MIN_QUERY_WORD_LENGTH))
    return `Type a word of at least ${MIN_QUERY_WORD_LENGTH} letters: single letters and digits are not searched.`;
  return 'Add a word that says what you are looking for: common words such as "the", "of" and "what" are not searched on their own.';
}

/** The query text: each rule stops the checks, so a refusal names one reason. */
const queryText = z
  .string({ message: 'q is required' })
  .min(1, { message: 'q must not be empty', abort: true })
  .max(MAX_QUERY_LENGTH, {
    message: `q must be at most ${MAX_QUERY_LENGTH} characters`,
    abort: true,
  })
  // A pattern, so the OpenAPI document states it.
  // eslint-disable-next-line no-control-regex -- the NUL byte is exactly what this refuses
  .regex(/^[^\u0000]*$/, { message: 'q must not contain null bytes', abort: true });

export const searchQuerySchema = paginationQuery
  .extend({
    q: queryText.describe(
      `Words to find (1 to ${MAX_QUERY_LENGTH} characters). Every word must match, ignoring case and accents; ` +
        'a word matches the same word stem (sorting finds sorted) or the start of a word (algo finds algorithm). ' +
        `Words are runs of letters and digits; stop words (the, of, and, ...) and words under ${MIN_QUERY_WORD_LENGTH} characters are left out; ` +
        'when no word remains the answer has no hits and a `hint` saying why. A word of 5 or more letters that matches ' +
        'nothing is corrected to a catalog word one edit away (two from 8 letters), named in `corrected`.',
    ),
    type: z
      .enum(SEARCH_TYPES, { message: `type must be one of ${SEARCH_TYPES.join(', ')}` })
      .optional()
      .describe('Only hits of this kind: question, paper, subject or topic (a syllabus topic)'),
    universityId: objectId
      .optional()
      .describe(
        'Only questions, papers and topics of this university (subjects are global: excluded)',
      ),
    subjectOfferingId: objectId
      .optional()
      .describe('Only questions, papers and topics of this subject offering (excludes subjects)'),
    examYear: z
      .number({ message: 'examYear must be a number' })
      .int('examYear must be an integer')
      .min(MIN_EXAM_YEAR, `examYear must be ${MIN_EXAM_YEAR} or later`)
      .max(9999, 'examYear is too large')
      .optional()
      .describe(
        "Only questions and papers of this exam year (a question has its paper's year; excludes subjects and topics)",
      ),
  })
  .strict();
export type SearchQuery = z.input<typeof searchQuerySchema>;

const examType = z.enum(EXAM_TYPES);

export const alsoAskedSchema = z
  .object({
    questionId: recordId.describe("The other question's id"),
    paperSlug: z.string().describe("The slug of that question's paper"),
    examYear: z.number().int().describe("Year of that paper's exam"),
    examType: examType.describe("Kind of that paper's exam"),
    universityShortName: z.string().describe("Short name of that paper's university"),
  })
  .describe('A near-identical question of another sitting, folded into a question hit');
export type AlsoAsked = z.infer<typeof alsoAskedSchema>;

export const searchHitPaperSchema = z
  .object({
    id: recordId.describe("The paper's id"),
    slug: z.string().describe("The paper's slug, for its page"),
    title: z.string().describe("The paper's title"),
    examYear: z.number().int().describe('Year the exam was held'),
    examType: examType.describe('Kind of exam'),
  })
  .describe('The paper of a search hit');

export const searchHitUniversitySchema = z
  .object({
    id: recordId.describe("The university's id"),
    slug: z.string().describe("The university's slug, for its page"),
    shortName: z.string().describe("The university's short name (e.g. NFIT)"),
  })
  .describe('The university of a search hit');

export const searchHitSubjectSchema = z
  .object({
    id: recordId.describe("The subject's id"),
    slug: z.string().describe("The subject's slug, for its page"),
    name: z.string().describe("The subject's name"),
  })
  .describe('The subject of a search hit');

export const searchHitTitledSchema = z
  .object({
    id: recordId.describe("The module's or topic's id"),
    title: z.string().describe("The module's or topic's title"),
  })
  .describe('A module or topic of a search hit');

export const searchHitContextSchema = z
  .object({
    paper: searchHitPaperSchema
      .nullable()
      .describe(
        "The question's paper (a paper hit: the paper itself); null for subjects and topics",
      ),
    university: searchHitUniversitySchema
      .nullable()
      .describe('The university of a question, paper or topic; null for subjects'),
    subject: searchHitSubjectSchema
      .nullable()
      .describe('The subject of a question, paper or topic (a subject hit: itself)'),
    subjectOfferingId: recordId
      .nullable()
      .describe(
        "The subject offering a question, paper or topic belongs to (a topic's questions are listed under it)",
      ),
    module: searchHitTitledSchema
      .nullable()
      .describe("A topic hit's module, or the module of a question's topic; else null"),
    topic: searchHitTitledSchema
      .nullable()
      .describe("The question's topic (a topic hit: itself); else null"),
    marks: z.number().nullable().describe("A question's marks, else null"),
    askedInLast: askedInLastSchema
      .nullable()
      .describe(
        "A topic hit: in how many of its offering's last 5 exam sittings it was asked; else null",
      ),
    alsoAsked: z
      .array(alsoAskedSchema)
      .describe(
        'A question hit: the near-identical questions (similarity above 0.5, same subject, other papers) ' +
          'shown as this one hit, the newest; else empty',
      ),
  })
  .describe('Where a hit sits: paper, year, university, subject, topic, marks');
export type SearchHitContext = z.infer<typeof searchHitContextSchema>;

export const searchHitSchema = z
  .object({
    type: z.enum(SEARCH_TYPES).describe('What was found'),
    id: recordId.describe('Id of the question, paper, subject or topic'),
    slug: z
      .string()
      .describe(
        'Its slug, by which a question, paper or subject is read; a topic has none: its id',
      ),
    title: z
      .string()
      .describe(
        "A paper's title, a subject's name, a topic's title, or the start of a question's text",
      ),
    snippet: z
      .string()
      .describe(
        'About 160 characters of the original text around the first matching word, words kept whole ' +
          '(… marks a cut)',
      ),
    score: z
      .number()
      .describe(
        'Relevance: per query word, its rarity (inverse document frequency) times the field weight ' +
          '(title or slug 3, body 1; halved again for a prefix-only match), summed, then raised by up ' +
          "to a fifth by the share of the title's words the query matched; higher first",
      ),
    context: searchHitContextSchema,
  })
  .describe('One search hit: a question, paper, subject or topic, ranked by relevance');
export type SearchHit = z.infer<typeof searchHitSchema>;

const counts = (what: string) =>
  z.record(z.string(), z.number().int().min(0)).describe(`Number of hits per ${what}`);

export const searchTypeCountsSchema = z
  .object({
    question: z.number().int().min(0).describe('Questions found'),
    paper: z.number().int().min(0).describe('Papers found'),
    subject: z.number().int().min(0).describe('Subjects found'),
    topic: z.number().int().min(0).describe('Syllabus topics found'),
  })
  .describe('Number of hits of each kind, over all hits');

export const searchFacetsSchema = z
  .object({
    type: searchTypeCountsSchema.describe(
      'Number of hits per kind (every kind present, 0 when none)',
    ),
    examYear: counts('exam year (questions and papers; the key is the year)'),
    universityId: counts('university id (questions, papers and topics)'),
  })
  .describe(
    'Counts over all hits, not just this page, after near-identical questions are grouped into one hit; hidden content is never counted',
  );
export type SearchFacets = z.infer<typeof searchFacetsSchema>;

export const searchExtrasSchema = z.object({
  corrected: z
    .string()
    .nullable()
    .describe(
      'The query searched when a word matched nothing and was corrected to a catalog word; null when searched as typed',
    ),
  hint: z
    .string()
    .nullable()
    .describe(
      'Why nothing was searched, in plain words, when the query holds only stop words or too short words; else null',
    ),
});

/** Longest accepted suggest query, in characters. */
export const MAX_SUGGEST_LENGTH = 50;
/** Most suggestions one answer holds. */
export const MAX_SUGGESTIONS = 10;

export const suggestQuerySchema = z
  .object({
    q: z
      .string({ message: 'q is required' })
      .min(1, { message: 'q must not be empty', abort: true })
      .max(MAX_SUGGEST_LENGTH, {
        message: `q must be at most ${MAX_SUGGEST_LENGTH} characters`,
        abort: true,
      })
      // eslint-disable-next-line no-control-regex -- the NUL byte is exactly what this refuses
      .regex(/^[^\u0000]*$/, { message: 'q must not contain null bytes', abort: true })
      .describe(
        `What has been typed so far (1 to ${MAX_SUGGEST_LENGTH} characters); its last word is completed`,
      ),
  })
  .strict();
export type SuggestQuery = z.input<typeof suggestQuerySchema>;

export const SUGGESTION_TYPES = ['subject', 'topic', 'term'] as const;

export const suggestionSchema = z
  .object({
    type: z.enum(SUGGESTION_TYPES).describe('A subject, a syllabus topic, or a frequent word'),
    text: z
      .string()
      .describe("A subject's name, a topic's title, or the query with its last word completed"),
    id: recordId.optional().describe('The subject or topic id (terms have none)'),
    slug: z.string().optional().describe("The subject's slug (subjects only)"),
  })
  .describe('One suggestion while typing');
export type Suggestion = z.infer<typeof suggestionSchema>;

export const suggestionsSchema = z
  .object({ items: z.array(suggestionSchema).max(MAX_SUGGESTIONS) })
  .describe(
    `Up to ${MAX_SUGGESTIONS} completions of the last word: subjects, then topics, then frequent words; only what the caller may see`,
  );
export type Suggestions = z.infer<typeof suggestionsSchema>;
