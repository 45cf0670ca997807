// The one rule for every request this server makes on a visitor's behalf (`/graphql` and a
// paper's file forwarded, the home page's first data asked): the upstream is told who the visitor
// is, so each visitor spends their own rate-limit budget there, not this server's shared one.
import type { IncomingMessage } from 'node:http';

/**
 * The headers naming the visitor to an upstream: the address of the connection this server
 * accepted as X-Forwarded-For. Never the client's own X-Forwarded-For: the upstream trusts this
 * one hop (TRUST_PROXY), so a client naming itself someone else would get a fresh budget.
 */
export function visitorHeaders(req: IncomingMessage): Record<string, string> {
  const address = req.socket.remoteAddress;
  return address ? { 'x-forwarded-for': address } : {};
}

/**
 * The settings of an app this server forwards to, when both run on one machine (`npm start`, the
 * tests' stack): it trusts this server's loopback hop, unless `TRUST_PROXY` is set already. Every
 * app the page forwards to gets it, so no forwarded path falls back to one shared budget.
 */
export function trustingThisServer<T extends Record<string, string | undefined>>(
  env: T,
): T & { TRUST_PROXY: string } {
  return { ...env, TRUST_PROXY: env.TRUST_PROXY ?? 'loopback' };
}
