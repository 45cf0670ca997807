// What the web server and the page agree on about the data sent with the page (first-data.ts):
// the element that carries it, and the queries of the screens it is sent for, defined once. The server answers it
// with the page and the page asks it the same way when the answer did not come with it, so both
// sides make the same request and urql matches the two by its key.
import { PaperDocument, QuestionBySlugDocument, UniversitiesDocument } from '@qpc/client/graphql';

/** The id of the element that carries the data (read by src/page-config.ts). */
export const FIRST_DATA_ID = 'qpc-first-data';

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

/**
 * The one query of the screen at `url` when the server sends its answer with the page: the home
 * page, a paper and a question (the screens a shared link opens most), else undefined. Each is
 * the same document and variables as the screen's own, so urql matches the two.
 */
export function firstQueryOf(url: URL) {
  if (url.pathname === '/') return homeQuery(pageNumber(url.searchParams.get('page')));
  const [, kind, slug, ...rest] = url.pathname.split('/');
  if (!slug || rest.length) return undefined;
  const variables = { slug: decodeURIComponent(slug) };
  if (kind === 'p') return { document: PaperDocument, variables };
  if (kind === 'q') return { document: QuestionBySlugDocument, variables };
  return undefined;
}
