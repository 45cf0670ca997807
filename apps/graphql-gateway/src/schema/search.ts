// Ranked search with facets.
import { searchCatalog } from '@qpc/domain';
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

  type Query {
    "Ranked search over questions, papers and subjects the caller may see."
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
  },
};
