// Who is signed in, whichever way they signed in (pasted token or Clerk), and what they may do.
import { MeDocument } from '@qpc/client/graphql';
import type { MeQuery } from '@qpc/client/graphql';
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import type { ComponentType } from 'react';
import type { Client } from 'urql';
import { createClient, queryOnce } from '../graphql.js';

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

/**
 * The client and user for a sign-in: `key` names it (the token, or Clerk's user id; null when
 * anonymous). A new key gets a fresh client (empty cache) and asks the gateway who it is.
 */
export function useSignedInUser(key: string | null, onRefused: (problem: unknown) => void) {
  const client = useMemo<Client>(() => createClient(), [key]);
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [checked, setChecked] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    if (!key) {
      setUser(null);
      setChecked(null);
      return;
    }
    queryOnce(client, MeDocument, {}).then(
      ({ me }) => {
        if (!current) return;
        setUser(me);
        setChecked(key);
      },
      (problem: unknown) => {
        if (current) onRefused(problem);
      },
    );
    return () => {
      current = false;
    };
  }, [client, key, onRefused]);
  return { client, user: checked === key ? user : null, checking: !!key && checked !== key };
}

/** The role-derived flags of a session. */
export function permissions(user: CurrentUser | null) {
  return {
    canEdit: user?.role === 'ADMIN' || user?.role === 'EDITOR',
    isAdmin: user?.role === 'ADMIN',
  };
}
