// Ranked search with facets.
import { searchCatalog, suggestSearch } from '@qpc/domain';
import type { SearchFacets } from '@qpc/domain';
import {
  alsoAskedSchema,
  searchFacetsSchema,
  searchHitContextSchema,
  searchHitPaperSchema,
  searchHitSchema,
  searchHitSubjectSchema,
  searchHitTitledSchema,
  searchHitUniversitySchema,
  searchTypeCountsSchema,
  suggestionSchema,
} from '@qpc/domain/schemas';
import { listArgs, pageArgs } from './common.js';
import type { Resolvers } from '../generated/resolvers.js';
import type { ZodGraphType } from './zod-types.js';

/**
 * The search's types the graph generates from the domain's zod schemas. The domain counts facet
 * values in records, which the graph lists as `FacetCount`s (an `extend type` below).
 */
export const searchGraphTypes: ZodGraphType[] = [
  { name: 'SearchHit', kind: 'type', schema: searchHitSchema },
  { name: 'SearchHitPaper', kind: 'type', schema: searchHitPaperSchema },
  { name: 'SearchHitUniversity', kind: 'type', schema: searchHitUniversitySchema },
  { name: 'SearchHitSubject', kind: 'type', schema: searchHitSubjectSchema },
  { name: 'SearchHitTitled', kind: 'type', schema: searchHitTitledSchema },
  { name: 'AlsoAsked', kind: 'type', schema: alsoAskedSchema },
  { name: 'SearchHitContext', kind: 'type', schema: searchHitContextSchema },
  { name: 'SearchSuggestion', kind: 'type', schema: suggestionSchema },
  { name: 'SearchTypeCounts', kind: 'type', schema: searchTypeCountsSchema },
  {
    name: 'SearchFacets',
    kind: 'type',
    schema: searchFacetsSchema,
    omit: ['examYear', 'universityId'],
  },
];

export const searchTypeDefs = /* GraphQL */ `
  "A value of a facet and how many hits have it."
  type FacetCount {
    "The value (an exam year or a university id)."
    value: String!
    "Number of hits with this value, over all hits."
    count: Int!
  }

  extend type SearchFacets {
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
