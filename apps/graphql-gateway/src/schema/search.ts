// Ranked search with facets, and the coverage of an offering's syllabus (REST: GET /search,
// GET /subject-offerings/:id/coverage).
import { getSubjectOfferingCoverage, searchCatalog } from '@qpc/domain';
import type { SearchFacets, SubjectOffering } from '@qpc/domain';
import type { GatewayContext } from '../context.js';
import { listArgs, pageArgs } from './common.js';

/** The figures of a module, a topic and the unassigned questions alike. */
const STATS_FIELDS = `"Questions asked."
    questionCount: Int!
    "Sum of their marks (questions without marks count 0)."
    marks: Float!
    "Exam years they were asked in, ascending, distinct."
    years: [Int!]!
    "Number of questions per exam type of their paper (every type present)."
    examTypes: [ExamTypeCount!]!
    "In how many of the offering's latest sittings (at most 5) it was asked."
    askedInLast: AskedInLast!
    "Questions also asked in another sitting of the offering (a near-identical question, Jaccard index at least 0.5)."
    repeated: Int!`;

export const searchTypeDefs = /* GraphQL */ `
  "One search hit: a question, paper or subject, ranked by relevance."
  type SearchHit {
    "What was found."
    type: SearchType!
    "Id of the question, paper or subject."
    id: ObjectID!
    "Its slug (read it with question(slug), paper(slug) or subject(slug))."
    slug: String!
    "A paper's title, a subject's name, or the start of a question's text."
    title: String!
    "About 160 characters of the original text around the first matching word (… marks a cut)."
    snippet: String!
    "Relevance: per query word, its rarity times the field weight (title or slug above body); higher first."
    score: Float!
  }

  "A value of a facet and how many hits have it."
  type FacetCount {
    "The value (an exam year or a university id)."
    value: String!
    "Number of hits with this value, over all hits."
    count: Int!
  }

  "Number of hits of each kind, over all hits."
  type SearchTypeCounts {
    "Questions found."
    question: Int!
    "Papers found."
    paper: Int!
    "Subjects found."
    subject: Int!
  }

  "Counts over all hits, not just the page; hidden content is never counted."
  type SearchFacets {
    "Hits per kind."
    type: SearchTypeCounts!
    "Hits per exam year (questions and papers)."
    examYear: [FacetCount!]!
    "Hits per university id (questions and papers)."
    universityId: [FacetCount!]!
  }

  "A page of search hits, with facets over all of them."
  type SearchPage {
    "The hits of this page, best first."
    items: [SearchHit!]!
    "Page metadata, as REST lists have it."
    pagination: Pagination!
    "Counts over all hits."
    facets: SearchFacets!
  }

  "Questions asked, marks, years and sittings of one part of a syllabus."
  type CoverageStats {
    ${STATS_FIELDS}
  }

  "One exam sitting: a distinct exam year and type of the papers counted."
  type Sitting {
    "The exam year."
    examYear: Int!
    "The exam type."
    examType: ExamType!
  }

  "How many questions came from papers of one exam type."
  type ExamTypeCount {
    "The exam type."
    examType: ExamType!
    "Number of questions."
    count: Int!
  }

  "In how many of the offering's latest sittings something was asked."
  type AskedInLast {
    "Sittings among the latest in which it was asked."
    asked: Int!
    "Latest sittings looked at: 5, or fewer when the offering has fewer."
    of: Int!
  }

  "Coverage of one topic."
  type CoverageTopic {
    "The topic's id."
    id: ObjectID!
    "The topic's title."
    title: String!
    "Its position in the module."
    order: Float!
    ${STATS_FIELDS}
  }

  "Coverage of one module and its topics."
  type CoverageModule {
    "The module's id."
    id: ObjectID!
    "The module's title."
    title: String!
    "Its position in the syllabus."
    order: Float!
    ${STATS_FIELDS}
    "Its topics, in syllabus order."
    topics: [CoverageTopic!]!
  }

  "The papers a coverage counts."
  type CoveragePapers {
    "Papers the caller may see."
    count: Int!
    "Their exam years, ascending, distinct."
    years: [Int!]!
  }

  "How the syllabus of an offering has been examined (REST: GET /subject-offerings/:id/coverage)."
  type Coverage {
    "The papers counted (only those the caller may see)."
    papers: CoveragePapers!
    "The latest 5 sittings, newest first."
    sittings: [Sitting!]!
    "Modules of the syllabus, in order."
    modules: [CoverageModule!]!
    "Questions assigned to no module."
    unassigned: CoverageStats!
  }

  extend type SubjectOffering {
    "How its syllabus has been examined: only papers the caller may see count."
    coverage: Coverage!
  }

  type Query {
    "Ranked search over questions, papers and subjects the caller may see (REST: GET /search)."
    search(
      "1 to 100 characters; every word must match (case- and accent-insensitive; a word of 4+ characters also matches the words it starts)."
      q: SearchText!
      "Only hits of this kind."
      type: SearchType
      "Only questions and papers of this university."
      universityId: ObjectID
      "Only questions and papers of this subject offering."
      subjectOfferingId: ObjectID
      "Only questions and papers of this exam year (1900 to 9999)."
      examYear: Year
      ${pageArgs()}
    ): SearchPage!
  }
`;

type Ctx = GatewayContext;
type Counts = Record<string, number>;
interface Stats {
  examTypes: Counts;
}

const facetList = (counts: Counts) =>
  Object.entries(counts).map(([value, count]) => ({ value, count }));
/** A domain stats object with its exam-type counts as a list. */
const stats = <T extends Stats>(s: T) => ({
  ...s,
  examTypes: Object.entries(s.examTypes).map(([examType, count]) => ({ examType, count })),
});

export const searchResolvers = {
  Query: {
    search: async (_: unknown, args: Record<string, unknown>, { actor, viewer }: Ctx) => {
      const result = await searchCatalog({ actor, viewer, query: listArgs(args) });
      const facets: SearchFacets = result.facets;
      return {
        ...result,
        facets: {
          type: facets.type,
          examYear: facetList(facets.examYear),
          universityId: facetList(facets.universityId),
        },
      };
    },
  },
  SubjectOffering: {
    coverage: async (offering: SubjectOffering, _: unknown, { actor, viewer }: Ctx) => {
      const coverage = await getSubjectOfferingCoverage({ actor, viewer, id: offering.id });
      return {
        papers: coverage.papers,
        sittings: coverage.sittings,
        unassigned: stats(coverage.unassigned),
        modules: coverage.modules.map((m) => ({ ...stats(m), topics: m.topics.map(stats) })),
      };
    },
  },
};
