// Clerk's frontend API host, read from its publishable key: `pk_test_` or `pk_live_`, then the
// host followed by `$`, in base64. The page's CSP allows that host and no other.

const HOST = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i;

export function clerkFrontendApiHost(publishableKey: string): string {
  const match = /^pk_(test|live)_([A-Za-z0-9+/=_-]+)$/.exec(publishableKey);
  const decoded = match ? Buffer.from(match[2]!, 'base64').toString('utf8') : '';
  const host = decoded.endsWith('$') ? decoded.slice(0, -1) : '';
  if (!HOST.test(host)) {
    throw new Error('The Clerk publishable key does not name a frontend API host');
  }
  return host.toLowerCase();
}
