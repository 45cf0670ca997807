// Ranked search with facets.
import { searchCatalog, suggestSearch } from '@qpc/domain';
import type { SearchFacets } from '@qpc/domain';
import { listArgs, pageArgs } from './common.js';
import type { Resolvers } from '../generated/resolvers.js';

export const searchTypeDefs = /* GraphQL */ `
  "One search hit: a question, paper or subject, ranked by relevance."
  type SearchHit {
    "What was found."
    type: SearchType!
    "Id of the question, paper or subject."
    id: ObjectID!
    "Its slug (read it with question(slug), paper(slug) or subject(slug))."
    slug: String!
    "A paper's title, a subject's name, a topic's title, or the start of a question's text."
    title: String!
    "About 160 characters of the original text around the first matching word (… marks a cut)."
    snippet: String!
    "Relevance: per query word, its rarity times the field weight (title or slug above body), raised when the query makes up most of the title; higher first."
    score: Float!
    "Where the hit sits: paper, year, university, subject, topic, marks."
    context: SearchHitContext!
  }

  "The paper of a search hit."
  type SearchHitPaper {
    "The paper's id."
    id: ObjectID!
    "The paper's slug, for its page."
    slug: String!
    "The paper's title."
    title: String!
    "Year the exam was held."
    examYear: Int!
    "Kind of exam."
    examType: ExamType!
  }

  "The university of a search hit."
  type SearchHitUniversity {
    "The university's id."
    id: ObjectID!
    "The university's slug, for its page."
    slug: String!
    "The university's short name (e.g. NFIT)."
    shortName: String!
  }

  "The subject of a search hit."
  type SearchHitSubject {
    "The subject's id."
    id: ObjectID!
    "The subject's slug, for its page."
    slug: String!
    "The subject's name."
    name: String!
  }

  "A module or topic of a search hit."
  type SearchHitTitled {
    "The module's or topic's id."
    id: ObjectID!
    "The module's or topic's title."
    title: String!
  }

  "A near-identical question of another sitting, folded into a question hit."
  type AlsoAsked {
    "The other question's id."
    questionId: ObjectID!
    "The slug of that question's paper."
    paperSlug: String!
    "Year of that paper's exam."
    examYear: Int!
    "Kind of that paper's exam."
    examType: ExamType!
    "Short name of that paper's university."
    universityShortName: String!
  }

  "Where a search hit sits."
  type SearchHitContext {
    "The question's paper (a paper hit: itself); null for subjects and topics."
    paper: SearchHitPaper
    "The university of a question, paper or topic; null for subjects."
    university: SearchHitUniversity
    "The subject of a question, paper or topic (a subject hit: itself)."
    subject: SearchHitSubject
    "The subject offering of a question, paper or topic (a topic's questions are listed under it)."
    subjectOfferingId: ObjectID
    "A topic hit's module, or the module of a question's topic."
    module: SearchHitTitled
    "The question's topic (a topic hit: itself)."
    topic: SearchHitTitled
    "A question's marks."
    marks: Float
    "A topic hit: in how many of its offering's last 5 exam sittings it was asked."
    askedInLast: AskedInLast
    "A question hit: the near-identical questions of other papers shown as this hit (it is the newest)."
    alsoAsked: [AlsoAsked!]!
  }

  "One suggestion while typing."
  type SearchSuggestion {
    "A subject, a topic, or a frequent word."
    type: SuggestionType!
    "A subject's name, a topic's title, or the query with its last word completed."
    text: String!
    "The subject or topic id (terms have none)."
    id: ObjectID
    "The subject's slug (subjects only)."
    slug: String
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
    "Syllabus topics found."
    topic: Int!
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
    "Counts over all hits, near-identical questions counted once."
    facets: SearchFacets!
    "The query searched when a word matched nothing and was corrected to a catalog word; null when searched as typed."
    corrected: String
    "Why nothing was searched, in plain words (the query holds only stop words or too short words); else null."
    hint: String
  }

  type Query {
    "Ranked search over questions, papers, subjects and syllabus topics the caller may see."
    search(
      "1 to 100 characters; every word must match (case- and accent-insensitive; a word of 4+ characters also matches the words it starts). Stop words alone answer no hits and a hint."
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
    "Up to 10 completions of the last word typed (from its 4th letter): subjects, topics, then frequent words; only what the caller may see."
    searchSuggest("What has been typed, 1 to 50 characters." q: SuggestText!): [SearchSuggestion!]!
  }
`;

type Counts = Record<string, number>;

const facetList = (counts: Counts) =>
  Object.entries(counts).map(([value, count]) => ({ value, count }));

export const searchResolvers: Resolvers = {
  Query: {
    search: async (_, args, { caller }) => {
      const result = await searchCatalog({ actor: caller, query: listArgs(args) });
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
    searchSuggest: async (_, args, { caller }) =>
      (await suggestSearch({ actor: caller, query: { q: args.q } })).items,
  },
};
