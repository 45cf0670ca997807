import { searchCatalog, suggestSearch } from '@qpc/domain';
import {
  searchExtrasSchema,
  searchFacetsSchema,
  searchHitSchema,
  searchQuerySchema,
  suggestionSchema,
  suggestQuerySchema,
} from '@qpc/domain/schemas';
import type { RouteDefinition } from './route.js';
import { approvedOnly, component, list } from './route.js';

const Hit = component('SearchHit', searchHitSchema);
const Suggestion = component('SearchSuggestion', suggestionSchema);

export const searchRoutes: RouteDefinition[] = [
  {
    method: 'get',
    path: '/search',
    tag: 'Search',
    operationId: 'search',
    summary: 'Search questions, papers, subjects and syllabus topics',
    description:
      'Every term must match (case- and accent-insensitive; a word of 4+ characters also matches the words it starts, ' +
      'a shorter one whole words only); ranked by relevance ' +
      '(title and slug above body text, rarer terms above common ones), ties newest first. Each hit carries its `context` ' +
      '(paper, year, university, subject, topic, marks). Near-identical questions (similarity above 0.5, same subject, other ' +
      'papers) are one hit, the newest, the others in `context.alsoAsked`. `total` and `facets` count all hits after that ' +
      'grouping, not just the page. A word of 5+ letters that matches nothing is corrected to a catalog word one edit away ' +
      '(two from 8 letters) and `corrected` names the query searched. A query of stop words or too short words answers no ' +
      `hits and a plain \`hint\`. ${approvedOnly('questions and papers')} Hidden content never appears, not even in facets ` +
      'or corrections.',
    action: null,
    query: searchQuerySchema,
    response: list(Hit, {
      facets: searchFacetsSchema,
      corrected: searchExtrasSchema.shape.corrected,
      hint: searchExtrasSchema.shape.hint,
    }),
    handler: ({ caller, query }) => searchCatalog({ actor: caller, query }),
  },
  {
    method: 'get',
    path: '/search/suggest',
    tag: 'Search',
    operationId: 'searchSuggest',
    summary: 'Suggestions while typing',
    description:
      'Up to 10 completions of the last word typed (from its 4th letter): subjects and syllabus topics with a word it ' +
      'starts, then the words it starts that visible questions use most, as the whole query completed. Only what the ' +
      'caller may see: a hidden paper or university never lends a word.',
    action: null,
    query: suggestQuerySchema,
    response: list(Suggestion),
    handler: ({ caller, query }) => suggestSearch({ actor: caller, query }),
  },
];
