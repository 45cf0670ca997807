// The page: header, the screen the hash names, footer.
import './styles.css';
import { h, replace } from './dom.js';
import { errorBox } from './errors.js';
import { match } from './router.js';
import type { Route } from './router.js';
import { sections } from './sections.js';
import { restoreSession, renderHeader } from './shell.js';
import { homeView, semesterView, universityView } from './views/browse.js';
import { offeringView, topicView } from './views/offering.js';
import { paperView } from './views/paper.js';
import { reviewView } from './views/review.js';

const routes: Route[] = [
  { path: '/', render: homeView },
  { path: '/u/:slug', render: universityView },
  { path: '/u/:slug/b/:branchId/s/:semesterId', render: semesterView },
  { path: '/o/:offeringId', render: offeringView },
  { path: '/o/:offeringId/t/:topicId', render: topicView },
  { path: '/p/:slug', render: paperView },
  { path: '/review', render: reviewView },
  ...sections.map(({ path, render }) => ({ path, render })),
];

const header = h('header', { class: 'top' });
const view = h('main', { id: 'view', tabindex: -1 });
const footer = h(
  'footer',
  null,
  'Previous-year papers, their questions and solutions, from the catalog’s GraphQL gateway.',
);
document.body.replaceChildren(header, view, footer);

let rendering = 0;

/** Draws the screen for the current hash; a newer navigation wins over a slower older one. */
async function render(): Promise<void> {
  const ticket = ++rendering;
  const found = match(routes, location.hash);
  view.setAttribute('aria-busy', 'true');
  replace(view, h('p', { class: 'loading' }, 'Loading…'));
  let content: Node;
  try {
    content = found
      ? await found.route.render(found.params)
      : h(
          'p',
          { class: 'empty' },
          'There is no such page. ',
          h('a', { href: '#/' }, 'Start again'),
        );
  } catch (error) {
    content = errorBox(error);
  }
  if (ticket !== rendering) return;
  replace(view, content);
  view.removeAttribute('aria-busy');
  const title = view.querySelector('h1')?.textContent;
  document.title = title ? `${title} · Question-Paper Catalog` : 'Question-Paper Catalog';
}

function refresh(): void {
  renderHeader(header, refresh);
  void render();
}

window.addEventListener('hashchange', () => void render());
void restoreSession().then((problem) => {
  refresh();
  if (problem) header.append(errorBox(problem));
});
