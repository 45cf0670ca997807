// What the served page tells the script: the GraphQL endpoint and, in production, the Clerk
// publishable key (the web server fills it in; no inline script carries it).

function meta(name: string): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim() ?? '';
}

/** The endpoint named in `<meta name="qpc-graphql-url">`, else the page's own `/graphql`. */
export function graphqlUrl(): string {
  return new URL(meta('qpc-graphql-url') || '/graphql', location.href).toString();
}

/** The Clerk publishable key, when the server is configured with one. */
export function clerkPublishableKey(): string | undefined {
  return meta('qpc-clerk-publishable-key') || undefined;
}
