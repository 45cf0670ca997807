import { searchCatalog } from '@qpc/domain';
import { searchFacetsSchema, searchHitSchema, searchQuerySchema } from '@qpc/domain/schemas';
import type { RouteDefinition } from './route.js';
import { approvedOnly, component, list } from './route.js';

const Hit = component('SearchHit', searchHitSchema);

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
    handler: ({ caller, query }) => searchCatalog({ actor: caller, query }),
  },
];
