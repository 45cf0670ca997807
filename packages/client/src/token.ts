/** A bearer token, or a function that returns the current one (none: anonymous). */
export type TokenSource =
  string | undefined | (() => string | undefined | null | Promise<string | undefined | null>);

/** The token to send now, if any. */
export async function resolveToken(source: TokenSource): Promise<string | undefined> {
  const token = typeof source === 'function' ? await source() : source;
  return token ? token : undefined;
}
