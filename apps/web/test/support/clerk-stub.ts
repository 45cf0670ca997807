// A stand-in for Clerk's browser script (clerk-js), served by the test in place of Clerk's
// frontend API host, which these machines cannot reach. It implements what @clerk/clerk-react
// calls: load, addListener, on('status'), mountSignIn (a button that signs the test user in),
// the session's getToken (the given token) and signOut.

export function clerkStubScript(token: string): string {
  return `(() => {
  const listeners = new Set();
  const user = { id: 'user_stub', firstName: 'Stub', primaryEmailAddress: null };
  const session = {
    id: 'sess_stub',
    status: 'active',
    user,
    actor: null,
    factorVerificationAge: null,
    lastActiveOrganizationId: null,
    lastActiveToken: { jwt: { claims: { sub: 'user_stub', sid: 'sess_stub' } } },
    getToken: async () => ${JSON.stringify(token)},
  };
  const clerk = {
    loaded: false,
    status: 'loading',
    client: undefined,
    session: undefined,
    user: undefined,
    organization: undefined,
    resources() {
      return { client: this.client, session: this.session, user: this.user, organization: null };
    },
    emit() {
      for (const listener of listeners) listener(this.resources());
    },
    async load() {
      this.loaded = true;
      this.organization = null;
      this.status = 'ready';
      this.client = { sessions: [], signedInSessions: [], activeSessions: [], lastActiveSessionId: null };
      this.session = null;
      this.user = null;
    },
    addListener(listener) {
      listeners.add(listener);
      if (this.loaded) listener(this.resources());
      return () => listeners.delete(listener);
    },
    mountSignIn(node) {
      node.dataset.stubClerk = 'sign-in';
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Continue as the test user';
      button.addEventListener('click', () => {
        this.organization = null;
        this.client = { sessions: [session], signedInSessions: [session], activeSessions: [session], lastActiveSessionId: session.id };
        this.session = session;
        this.user = user;
        this.emit();
      });
      node.replaceChildren(button);
    },
    unmountSignIn(node) {
      node.replaceChildren();
    },
    async signOut() {
      this.client = { sessions: [], signedInSessions: [], activeSessions: [], lastActiveSessionId: null };
      this.session = null;
      this.user = null;
      this.emit();
    },
    async setActive() {},
    navigate() {},
    // Clerk's event bus: 'status' handlers hear 'ready' (at once when asked to be notified).
    on(event, handler, options) {
      if (event === 'status' && options && options.notify) handler(this.status);
    },
    off() {},
    telemetry: undefined,
  };
  window.Clerk = clerk;
})();
`;
}
