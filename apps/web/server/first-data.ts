// The first screen's data, sent with the page (home, a paper, a question): while the browser
// fetches and runs the script, the server asks the gateway the screen's query (as the visitor,
// anonymously) and writes the answer at the end of the HTML in urql's serialized form
// (`<script type="application/json">`, data, never run, so the CSP's "no inline script" holds). The page's first client replays it
// instead of asking again after its script has run. The head of the page is sent at once, so the
// script downloads meanwhile; when the gateway is slow or answers an error, the page is finished
// without the data and asks itself, as it always could.
import { Client, cacheExchange, fetchExchange, ssrExchange } from '@urql/core';
import type { SSRData } from '@urql/core';
import { FIRST_DATA_ID, firstQueryOf } from './first-page.js';

/** How long the page's end waits for the gateway before it is sent without the data. */
const WAIT_MS = 800;

/** JSON that cannot end the `<script>` element it sits in, whatever the data's strings hold. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The data of the page at `url` (home, a paper, a question: `firstQueryOf`), asked of the gateway at `graphqlUrl` with
 * the headers naming the visitor (`visitorHeaders`); undefined when the page has none, or when
 * the gateway did not answer it in time and without error.
 */
export async function firstData(
  graphqlUrl: string,
  url: URL,
  visitor: Record<string, string>,
): Promise<SSRData | undefined> {
  const first = firstQueryOf(url);
  if (!first) return undefined;
  // Each visitor spends their own rate-limit budget, as on every forwarded path.
  const headers = { ...visitor };
  const ssr = ssrExchange({ isClient: false });
  const client = new Client({
    url: graphqlUrl,
    exchanges: [cacheExchange, ssr, fetchExchange],
    preferGetMethod: false,
    fetchOptions: () => ({ headers, signal: AbortSignal.timeout(WAIT_MS) }),
  });
  const result = await client
    .query(first.document.toString(), first.variables as Record<string, unknown>)
    .toPromise();
  if (result.error || !result.data) return undefined;
  return ssr.extractData();
}

/** The element that carries `data` in the page. */
export function firstDataElement(data: SSRData): string {
  return `<script type="application/json" id="${FIRST_DATA_ID}">${scriptSafeJson(data)}</script>`;
}
