// The frame around every screen: brand, navigation, and the token sign-in.
import { MeDocument } from '@qpc/client/graphql';
import { api } from './api.js';
import { h, replace } from './dom.js';
import { errorBox } from './errors.js';
import { ROLE } from './labels.js';
import { sections } from './sections.js';
import { session } from './session.js';

/** Checks a token with the gateway (`me`) and keeps it when it names an active user. */
async function signIn(token: string): Promise<void> {
  session.setToken(token);
  try {
    session.user = (await api.request(MeDocument)).me;
  } catch (error) {
    session.signOut();
    throw error;
  }
}

/** Restores the sign-in of an earlier visit in this tab, if its token still works. */
export async function restoreSession(): Promise<unknown> {
  const token = session.token;
  if (!token) return null;
  return signIn(token).then(
    () => null,
    (error: unknown) => error,
  );
}

function signInForm(onChange: () => void, problem: HTMLElement): HTMLElement {
  if (session.user) {
    const user = session.user;
    return h(
      'div',
      { class: 'signed-in' },
      h(
        'span',
        null,
        'Signed in as ',
        h('strong', null, user.name ?? user.externalId),
        ` (${ROLE[user.role]})`,
      ),
      h(
        'button',
        {
          type: 'button',
          onclick: () => {
            session.signOut();
            onChange();
          },
        },
        'Sign out',
      ),
    );
  }
  const input = h('input', {
    type: 'password',
    name: 'token',
    autocomplete: 'off',
    placeholder: 'from npm run token',
  });
  const form = h(
    'form',
    { class: 'sign-in' },
    h('label', null, 'Token', input),
    h('button', { type: 'submit' }, 'Sign in'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const token = input.value.trim();
    if (!token) return;
    replace(problem);
    signIn(token).then(onChange, (error: unknown) => replace(problem, errorBox(error)));
  });
  return form;
}

/** Draws the header for the current sign-in; `onChange` redraws the page after a sign-in change. */
export function renderHeader(header: HTMLElement, onChange: () => void): void {
  const problem = h('div', { class: 'sign-in-problem' });
  replace(
    header,
    h(
      'div',
      { class: 'bar' },
      h('a', { href: '#/', class: 'brand' }, 'Question-Paper Catalog'),
      h(
        'nav',
        { 'aria-label': 'Main' },
        h('a', { href: '#/' }, 'Browse'),
        sections.map((s) => h('a', { href: `#${s.path}` }, s.title)),
        session.canReview ? h('a', { href: '#/review' }, 'Review queue') : null,
      ),
      signInForm(onChange, problem),
    ),
    problem,
  );
}
