// What the web server and the page agree on about the data sent with the page (first-data.ts):
// the element that carries it, and the home page's one query, defined once. The server answers it
// with the page and the page asks it the same way when the answer did not come with it, so both
// sides make the same request and urql matches the two by its key.
import { UniversitiesDocument } from '@qpc/client/graphql';

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
