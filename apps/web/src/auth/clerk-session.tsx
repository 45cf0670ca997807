// Sign-in with Clerk (production): Clerk's own components, and its session token on every
// request to the gateway. Loaded only when the server names a publishable key.
import { ClerkProvider, SignIn, useAuth } from '@clerk/clerk-react';
import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Provider } from 'urql';
import { Link } from 'wouter';
import { ErrorBox } from '../components/error-box.js';
import { createClient, setTokenSource } from '../graphql.js';
import { SessionContext, permissions, useSession, whoHolds } from './session.js';
import type { CurrentUser, Session } from './session.js';
import { SignedIn } from './token-session.js';

function ClerkSignInControl() {
  const { user, problem, signOut } = useSession();
  if (user) {
    return <SignedIn user={user} onSignOut={signOut} />;
  }
  return (
    <div className="sign-in-area">
      <Link href="/sign-in" className="button-link">
        Sign in
      </Link>
      {problem ? <ErrorBox error={problem} /> : null}
    </div>
  );
}

/** The sign-in screen: Clerk's SignIn component. */
export function ClerkSignInPage() {
  return (
    <section>
      <h1>Sign in</h1>
      <div className="clerk-sign-in">
        <SignIn routing="hash" />
      </div>
    </section>
  );
}

function ClerkBridge({ children }: { children: ReactNode }) {
  const { isSignedIn, userId, getToken, signOut } = useAuth();
  const [problem, setProblem] = useState<unknown>(null);
  const [user, setUser] = useState<CurrentUser | null>(null);
  const key = isSignedIn ? (userId ?? null) : null;
  const source = useMemo(
    () => async () => (key ? ((await getToken()) ?? undefined) : undefined),
    [key, getToken],
  );
  setTokenSource(source);
  // A fresh client (empty cache) for each Clerk user; the gateway says who they are here.
  const client = useMemo(() => createClient(source), [source]);
  useEffect(() => {
    let current = true;
    setUser(null);
    if (key) {
      whoHolds(source).then(
        (me) => current && setUser(me),
        (reason: unknown) => current && setProblem(reason),
      );
    }
    return () => {
      current = false;
    };
  }, [key, source]);
  const session = useMemo<Session>(
    () => ({
      user,
      problem,
      ...permissions(user),
      signOut: () => void signOut(),
      SignInControl: ClerkSignInControl,
    }),
    [user, problem, signOut],
  );
  return (
    <SessionContext.Provider value={session}>
      <Provider value={client}>{children}</Provider>
    </SessionContext.Provider>
  );
}

export default function ClerkSession(props: { publishableKey: string; children: ReactNode }) {
  return (
    <ClerkProvider publishableKey={props.publishableKey} afterSignOutUrl="/">
      <ClerkBridge>{props.children}</ClerkBridge>
    </ClerkProvider>
  );
}
