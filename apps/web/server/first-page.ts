// What the web server and the page agree on about the data sent with the page (first-data.ts):
// the element that carries it, and the queries of the screens it is sent for, defined once. The server answers it
// with the page and the page asks it the same way when the answer did not come with it, so both
// sides make the same request and urql matches the two by its key.
import {
  PaperDocument,
  QuestionBySlugDocument,
  SearchDocument,
  UniversitiesDocument,
} from '@qpc/client/graphql';
import type { SearchType } from '@qpc/client/graphql';
import type { SSRData } from '@urql/core';

/** The id of the element that carries the data (read by src/page-config.ts). */
export const FIRST_DATA_ID = 'qpc-first-data';

/** The id of the element the server draws the first screen in, and the page hydrates. */
export const SERVER_ROOT_ID = 'root';

/** Draws the page at a path (with its query) from its first data: src/first-screen.tsx. */
export type RenderFirstScreen = (path: string, data: SSRData) => string;

/** Universities per page on the home page. */
export const HOME_PAGE_SIZE = 24;

/** The page number of a URL's `page` parameter: a whole number from 1, else 1. */
export function pageNumber(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The home page's query for page `page`. */
export function homeQuery(page: number) {
  return { document: UniversitiesDocument, variables: { page, limit: HOME_PAGE_SIZE } };
}

/** Hits per page of a search. */
const SEARCH_PAGE_SIZE = 20;

/** The search's `type` filter by the URL's `type` parameter. */
export const SEARCH_TYPES: Record<string, SearchType> = {
  topic: 'TOPIC',
  question: 'QUESTION',
  paper: 'PAPER',
  subject: 'SUBJECT',
};

/** The search screen's query for the URL's parameters (`q` non-empty; filters; `page`). */
export function searchQuery(q: string, params: URLSearchParams) {
  const type = SEARCH_TYPES[params.get('type') ?? ''];
  const year = Number(params.get('year'));
  const universityId = params.get('university');
  const variables = {
    q,
    page: pageNumber(params.get('page')),
    limit: SEARCH_PAGE_SIZE,
    ...(type ? { type } : {}),
    ...(Number.isInteger(year) && year > 0 ? { examYear: year } : {}),
    ...(universityId ? { universityId } : {}),
  };
  return { document: SearchDocument, variables };
}

/**
 * The one query of the screen at `url` when the server sends its answer with the page: the home
 * page, a search, a paper and a question (the screens a shared link opens most), else undefined. Each is
 * the same document and variables as the screen's own, so urql matches the two.
 */
export function firstQueryOf(url: URL) {
  if (url.pathname === '/') return homeQuery(pageNumber(url.searchParams.get('page')));
  if (url.pathname === '/search') {
    const q = url.searchParams.get('q')?.trim();
    return q ? searchQuery(q, url.searchParams) : undefined;
  }
  const [, kind, slug, ...rest] = url.pathname.split('/');
  if (!slug || rest.length) return undefined;
  const variables = { slug: decodeURIComponent(slug) };
  if (kind === 'p') return { document: PaperDocument, variables };
  if (kind === 'q') return { document: QuestionBySlugDocument, variables };
  return undefined;
}
