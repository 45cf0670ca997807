// Sign-in by pasting a token (local development: `npm run token`), kept in this tab's
// sessionStorage only.
import { useCallback, useMemo, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Provider } from 'urql';
import { ErrorBox } from '../components/error-box.js';
import { setTokenSource } from '../graphql.js';
import { ROLE } from '../labels.js';
import { SessionContext, permissions, useSession, useSignedInUser } from './session.js';
import type { Session } from './session.js';

const KEY = 'qpc.token';

function TokenSignIn({ onSignIn }: { onSignIn: (token: string) => void }) {
  const { user, problem, signOut } = useSession();
  const [value, setValue] = useState('');
  if (user) return <SignedIn name={user.name ?? user.externalId} role={ROLE[user.role]} onSignOut={signOut} />;
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

export function SignedIn(props: { name: string; role: string; onSignOut: () => void }) {
  return (
    <div className="signed-in">
      <span>
        Signed in as <strong>{props.name}</strong> ({props.role})
      </span>
      <button type="button" onClick={props.onSignOut}>
        Sign out
      </button>
    </div>
  );
}

export function TokenSession({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<string | null>(() => sessionStorage.getItem(KEY));
  const [problem, setProblem] = useState<unknown>(null);
  setTokenSource(() => token ?? undefined);
  const refused = useCallback((reason: unknown) => {
    sessionStorage.removeItem(KEY);
    setToken(null);
    setProblem(reason);
  }, []);
  const { client, user } = useSignedInUser(token, refused);
  const signIn = useCallback((next: string) => {
    sessionStorage.setItem(KEY, next);
    setProblem(null);
    setToken(next);
  }, []);
  const session = useMemo<Session>(
    () => ({
      user,
      problem,
      ...permissions(user),
      signOut: () => {
        sessionStorage.removeItem(KEY);
        setToken(null);
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
