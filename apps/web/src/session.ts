// Sign-in by token: a development token from `npm run token` (or a Clerk session JWT), kept in
// this tab's sessionStorage only.
import type { MeQuery } from '@qpc/client/graphql';

const KEY = 'qpc.token';

export type CurrentUser = NonNullable<MeQuery['me']>;

export const session = {
  /** The token requests carry, if any. */
  get token(): string | undefined {
    return sessionStorage.getItem(KEY) ?? undefined;
  },
  setToken(token: string): void {
    sessionStorage.setItem(KEY, token);
  },
  /** The signed-in user, once the gateway has confirmed the token (null: anonymous). */
  user: null as CurrentUser | null,
  signOut(): void {
    sessionStorage.removeItem(KEY);
    this.user = null;
  },
  /** Editors and admins see unapproved papers and the review queue. */
  get canReview(): boolean {
    return this.user?.role === 'ADMIN' || this.user?.role === 'EDITOR';
  },
};
