// Numbered pages of a list, as links (shareable: the page number is in the URL's query).
import { Link, useLocation, useSearch } from 'wouter';
import { pageNumber } from '../../server/first-page.js';

interface PageInfo {
  page: number;
  totalPages: number | null;
  hasNextPage: boolean;
  hasPrevPage: boolean;
}

/** The page number in the URL's `page` parameter (1 when absent or not a positive integer). */
export function usePageParam(name = 'page'): number {
  return pageNumber(new URLSearchParams(useSearch()).get(name));
}

/** The current URL's query with `page` set to `page` (dropped for page 1). */
function hrefFor(path: string, search: string, page: number, name: string): string {
  const params = new URLSearchParams(search);
  if (page === 1) params.delete(name);
  else params.set(name, String(page));
  const query = params.toString();
  return `${path}${query ? `?${query}` : ''}`;
}

/** Page numbers around the current one: 1 … 4 5 [6] 7 8 … 20. */
function numbers(page: number, total: number): (number | null)[] {
  const shown = new Set([1, total, page - 2, page - 1, page, page + 1, page + 2]);
  const list = [...shown].filter((n) => n >= 1 && n <= total).sort((a, b) => a - b);
  return list.flatMap((n, i) => (i > 0 && n - list[i - 1]! > 1 ? [null, n] : [n]));
}

export function Pager({
  info,
  label,
  name = 'page',
}: {
  info: PageInfo;
  label: string;
  name?: string;
}) {
  const [path] = useLocation();
  const search = useSearch();
  const total = info.totalPages ?? info.page + (info.hasNextPage ? 1 : 0);
  if (total <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <ol>
        {info.hasPrevPage ? (
          <li>
            <Link href={hrefFor(path, search, info.page - 1, name)} rel="prev">
              Previous
            </Link>
          </li>
        ) : null}
        {numbers(info.page, total).map((n, i) =>
          n === null ? (
            <li key={`gap${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              {n === info.page ? (
                <span aria-current="page">{n}</span>
              ) : (
                <Link href={hrefFor(path, search, n, name)} aria-label={`Page ${n}`}>
                  {n}
                </Link>
              )}
            </li>
          ),
        )}
        {info.hasNextPage ? (
          <li>
            <Link href={hrefFor(path, search, info.page + 1, name)} rel="next">
              Next
            </Link>
          </li>
        ) : null}
      </ol>
    </nav>
  );
}
