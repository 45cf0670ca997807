export {
  searchQuerySchema,
  searchHitSchema,
  searchFacetsSchema,
  SEARCH_TYPES,
  MAX_QUERY_LENGTH,
} from './schema.js';
export type { SearchQuery, SearchHit, SearchFacets, SearchType } from './schema.js';
export { searchCatalog, MAX_CANDIDATES } from './service.js';
export type { SearchResult } from './service.js';
export { reindexSearch, backfillSearch } from './backfill.js';
export { SEARCH_TERMS_COLLECTION } from './terms.js';
