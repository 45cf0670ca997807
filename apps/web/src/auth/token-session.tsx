// Sign-in by pasting a token (local development: `npm run token`), kept in this tab's
// sessionStorage only. A token is used for the page's requests once the gateway has accepted it.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Provider } from 'urql';
import type { SSRData } from 'urql';
import { ErrorBox } from '../components/error-box.js';
import { createClient, setTokenSource } from '../graphql.js';
import { ROLE } from '../labels.js';
import { takeFirstData } from '../page-config.js';
import { SessionContext, permissions, useSession, whoHolds } from './session.js';
import type { CurrentUser, Session } from './session.js';

const KEY = 'qpc.token';

export function SignedIn({ user, onSignOut }: { user: CurrentUser; onSignOut: () => void }) {
  return (
    <div className="signed-in">
      <span>
        Signed in as <strong>{user.name ?? user.externalId}</strong> ({ROLE[user.role]})
      </span>
      <button type="button" onClick={onSignOut}>
        Sign out
      </button>
    </div>
  );
}

function TokenSignIn({ onSignIn }: { onSignIn: (token: string) => void }) {
  const { user, problem, signOut } = useSession();
  const [value, setValue] = useState('');
  if (user) return <SignedIn user={user} onSignOut={signOut} />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim()) onSignIn(value.trim());
  };
  return (
    <div className="sign-in-area">
      <form className="sign-in" onSubmit={submit}>
        <label>
          Token
          <input
            type="password"
            name="token"
            autoComplete="off"
            placeholder="from npm run token"
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        </label>
        <button type="submit">Sign in</button>
      </form>
      {problem ? <ErrorBox error={problem} /> : null}
    </div>
  );
}

interface SignedInState {
  token: string;
  user: CurrentUser | null;
}

export function TokenSession({
  children,
  firstData,
}: {
  children: ReactNode;
  /** The data the page was drawn with on the server (first-screen.tsx); else the page's own. */
  firstData?: SSRData;
}) {
  const [state, setState] = useState<SignedInState | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const token = state?.token;
  // The first client, anonymous, replays the data the server sent with the page.
  const client = useMemo(
    () => createClient(() => token, token ? undefined : (firstData ?? takeFirstData())),
    [token, firstData],
  );
  setTokenSource(() => token);

  const signIn = useCallback((candidate: string) => {
    setProblem(null);
    whoHolds(() => candidate).then(
      (user) => {
        sessionStorage.setItem(KEY, candidate);
        setState({ token: candidate, user });
      },
      (reason: unknown) => {
        sessionStorage.removeItem(KEY);
        setState(null);
        setProblem(reason);
      },
    );
  }, []);
  // The sign-in of an earlier visit in this tab, if its token still works.
  useEffect(() => {
    const stored = sessionStorage.getItem(KEY);
    if (stored) signIn(stored);
  }, [signIn]);

  const user = state?.user ?? null;
  const session = useMemo<Session>(
    () => ({
      user,
      problem,
      ...permissions(user),
      signOut: () => {
        sessionStorage.removeItem(KEY);
        setState(null);
      },
      SignInControl: () => <TokenSignIn onSignIn={signIn} />,
    }),
    [user, problem, signIn],
  );
  return (
    <SessionContext.Provider value={session}>
      <Provider value={client}>{children}</Provider>
    </SessionContext.Provider>
  );
}
