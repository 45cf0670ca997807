// Sign-in with Clerk (production): Clerk's own components, and its session token on every
// request to the gateway. Loaded only when the server names a publishable key.
import { ClerkProvider, SignIn, useAuth } from '@clerk/clerk-react';
import { useCallback, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Provider } from 'urql';
import { Link } from 'wouter';
import { ErrorBox } from '../components/error-box.js';
import { setTokenSource } from '../graphql.js';
import { ROLE } from '../labels.js';
import { SessionContext, permissions, useSession, useSignedInUser } from './session.js';
import type { Session } from './session.js';
import { SignedIn } from './token-session.js';

function ClerkSignInControl() {
  const { user, problem, signOut } = useSession();
  if (user) {
    return (
      <SignedIn name={user.name ?? user.externalId} role={ROLE[user.role]} onSignOut={signOut} />
    );
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
  setTokenSource(async () => (isSignedIn ? ((await getToken()) ?? undefined) : undefined));
  const refused = useCallback((reason: unknown) => setProblem(reason), []);
  const { client, user } = useSignedInUser(isSignedIn ? (userId ?? null) : null, refused);
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
