import { z } from 'zod';
import { objectId } from '../common-schemas.js';
import { paginationQuery } from '../listing/list-query.js';
import { MIN_EXAM_YEAR } from '../paper/schema.js';
import { allWordsOf, MIN_QUERY_WORD_LENGTH, queryTerms } from './tokens.js';

/** What search finds. */
export const SEARCH_TYPES = ['question', 'paper', 'subject'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** Longest accepted query, in characters. */
export const MAX_QUERY_LENGTH = 100;

/**
 * Why a query finds nothing to search for, in words, or undefined when it has a searchable word.
 * One reason, the first that applies, so REST and GraphQL name the same one.
 */
export function unsearchableReason(q: string): string | undefined {
  if (queryTerms(q).length > 0) return undefined;
  const words = allWordsOf(q);
  if (words.length === 0)
    return 'q has no searchable word: words are letters and digits (punctuation, symbols and emoji are not searched)';
  if (words.every((word) => word.length < MIN_QUERY_WORD_LENGTH))
    return `q must contain a word of at least ${MIN_QUERY_WORD_LENGTH} characters (single letters and digits are not searched)`;
  return `q must contain a word that is not a stop word (the, of, and, ...) and has at least ${MIN_QUERY_WORD_LENGTH} characters`;
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
  .regex(/^[^\u0000]*$/, { message: 'q must not contain null bytes', abort: true })
  .superRefine((value, ctx) => {
    const reason = unsearchableReason(value);
    if (reason) ctx.addIssue({ code: 'custom', message: reason });
  });

export const searchQuerySchema = paginationQuery
  .extend({
    q: queryText.describe(
      `Words to find (1 to ${MAX_QUERY_LENGTH} characters). Every word must match, ignoring case and accents; ` +
        'a word matches the same word stem (sorting finds sorted) or the start of a word (algo finds algorithm). ' +
        `Words are runs of letters and digits; stop words (the, of, and, ...) and words under ${MIN_QUERY_WORD_LENGTH} characters are left out, ` +
        'and at least one word must remain (else 400 naming the reason).',
    ),
    type: z
      .enum(SEARCH_TYPES, { message: `type must be one of ${SEARCH_TYPES.join(', ')}` })
      .optional()
      .describe('Only hits of this kind: question, paper or subject'),
    universityId: objectId
      .optional()
      .describe('Only questions and papers of this university (subjects are global: excluded)'),
    subjectOfferingId: objectId
      .optional()
      .describe('Only questions and papers of this subject offering (excludes subjects)'),
    examYear: z
      .number({ message: 'examYear must be a number' })
      .int('examYear must be an integer')
      .min(MIN_EXAM_YEAR, `examYear must be ${MIN_EXAM_YEAR} or later`)
      .max(9999, 'examYear is too large')
      .optional()
      .describe("Only questions and papers of this exam year (a question has its paper's year)"),
  })
  .strict();
export type SearchQuery = z.input<typeof searchQuerySchema>;

export const searchHitSchema = z.object({
  type: z.enum(SEARCH_TYPES).describe('What was found'),
  id: z.string().describe('Id of the question, paper or subject'),
  slug: z
    .string()
    .describe('Its slug (read paths: /questions/slug/:slug, /papers/:slug, /subjects/:slug)'),
  title: z
    .string()
    .describe("A paper's title, a subject's name, or the start of a question's text"),
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
        '(title or slug 3, body 1; halved again for a prefix-only match); higher first',
    ),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

const counts = (what: string) =>
  z.record(z.string(), z.number().int().min(0)).describe(`Number of hits per ${what}`);

export const searchFacetsSchema = z
  .object({
    type: z
      .object({
        question: z.number().int().min(0),
        paper: z.number().int().min(0),
        subject: z.number().int().min(0),
      })
      .describe('Number of hits per kind (every kind present, 0 when none)'),
    examYear: counts('exam year (questions and papers; the key is the year)'),
    universityId: counts('university id (questions and papers)'),
  })
  .describe('Counts over all hits, not just this page');
export type SearchFacets = z.infer<typeof searchFacetsSchema>;
