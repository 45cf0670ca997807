import { getSubjectOfferingCoverage, searchCatalog } from '@qpc/domain';
import {
  coverageSchema,
  searchFacetsSchema,
  searchHitSchema,
  searchQuerySchema,
} from '@qpc/domain/schemas';
import type { RouteDefinition } from './route.js';
import { approvedOnly, component, idParams, item, list } from './route.js';

const Hit = component('SearchHit', searchHitSchema);
const Coverage = component('Coverage', coverageSchema);

export const searchRoutes: RouteDefinition[] = [
  {
    method: 'get',
    path: '/search',
    tag: 'Search',
    operationId: 'search',
    summary: 'Search questions, papers and subjects',
    description:
      'Every term must match (case- and accent-insensitive; a word of 4+ characters also matches the words it starts, ' +
      'a shorter one whole words only); ranked by relevance ' +
      '(title and slug above body text, rarer terms above common ones), ties newest first. `facets` counts ' +
      `all hits, not just the page. ${approvedOnly('questions and papers')} Hidden content never appears, not even in facets.`,
    action: null,
    query: searchQuerySchema,
    response: list(Hit, { facets: searchFacetsSchema }),
    handler: ({ actor, query }) => searchCatalog({ actor, query }),
  },
  {
    method: 'get',
    path: '/subject-offerings/:id/coverage',
    tag: 'Subject offerings',
    operationId: 'getSubjectOfferingCoverage',
    summary: 'How the syllabus of an offering has been examined',
    description:
      'Per module and topic: question count, marks, distinct years, count by exam type and in how many of the ' +
      `last 5 sittings it was asked; unassigned questions; papers count and years. Only papers the caller may see count. ${approvedOnly('papers')}`,
    action: null,
    params: idParams,
    response: item(Coverage),
    handler: ({ actor, param }) => getSubjectOfferingCoverage({ actor, id: param('id') }),
  },
];
