// Who is signed in, whichever way they signed in (pasted token or Clerk), and what they may do.
import { MeDocument } from '@qpc/client/graphql';
import type { MeQuery } from '@qpc/client/graphql';
import { createContext, useContext } from 'react';
import type { ComponentType } from 'react';
import { createClient, queryOnce } from '../graphql.js';
import type { TokenSource } from '../graphql.js';

export type CurrentUser = NonNullable<MeQuery['me']>;

export interface Session {
  /** The signed-in user once the gateway has confirmed the token; null when anonymous. */
  user: CurrentUser | null;
  /** Why the last sign-in failed, to show beside the sign-in. */
  problem: unknown;
  /** Editors and admins see unapproved papers, write papers and questions. */
  canEdit: boolean;
  /** Only admins decide on the review queue. */
  isAdmin: boolean;
  signOut: () => void;
  /** The header's sign-in control for this kind of sign-in. */
  SignInControl: ComponentType;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a session provider');
  return session;
}

/** Asks the gateway who holds the token `source` gives (an ApiError when it is refused). */
export async function whoHolds(source: TokenSource): Promise<CurrentUser | null> {
  return (await queryOnce(createClient(source), MeDocument, {})).me;
}

/** The role-derived flags of a session. */
export function permissions(user: CurrentUser | null) {
  return {
    canEdit: user?.role === 'ADMIN' || user?.role === 'EDITOR',
    isAdmin: user?.role === 'ADMIN',
  };
}
