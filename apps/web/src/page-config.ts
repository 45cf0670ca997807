// What the served page tells the script: the GraphQL endpoint, in production the Clerk
// publishable key (the web server fills it in; no inline script carries it), and the home page's
// first data (server/first-data.ts).
import type { SSRData } from 'urql';
import { FIRST_DATA_ID } from '../server/first-page.js';

/** On the server (first-screen.tsx) there is no document: every setting reads as unset. */
const isBrowser = typeof document !== 'undefined';

function meta(name: string): string {
  if (!isBrowser) return '';
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim() ?? '';
}

/** The endpoint named in `<meta name="qpc-graphql-url">`, else the page's own `/graphql`. */
export function graphqlUrl(): string {
  if (!isBrowser) return '/graphql';
  return new URL(meta('qpc-graphql-url') || '/graphql', location.href).toString();
}

/** The Clerk publishable key, when the server is configured with one. */
export function clerkPublishableKey(): string | undefined {
  return meta('qpc-clerk-publishable-key') || undefined;
}

/** The data the server sent with the page, read before the page replaces the body. */
function readFirstData(): SSRData | undefined {
  if (!isBrowser) return undefined;
  const text = document.getElementById(FIRST_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as SSRData;
  } catch {
    return undefined;
  }
}

let firstData = readFirstData();

/** The data sent with the page, once: for the page's first (anonymous) client only. */
export function takeFirstData(): SSRData | undefined {
  const data = firstData;
  firstData = undefined;
  return data;
}
