// The page: header, the screen the URL names, footer.
import { Suspense, lazy, useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { Link, Route, Switch, useLocation, useSearch } from 'wouter';
import { Header } from './components/header.js';
import { HomeView, SemesterView, UniversityView } from './views/browse.js';
import { QuestionView, SubjectView } from './views/hit-targets.js';
import { EditorPapersView } from './views/editor-papers.js';
import { NewPaperView } from './views/new-paper.js';
import { OfferingView } from './views/offering.js';
import { PaperEditView } from './views/paper-edit.js';
import { PaperView } from './views/paper.js';
import { ReviewView } from './views/review.js';
import { SearchView } from './views/search.js';
import { TopicView } from './views/topic.js';

// Editors only: loaded when first opened, so visitors never download it.
const DraftsView = lazy(() => import('./views/drafts.js').then((m) => ({ default: m.DraftsView })));
const ClerkSignInPage = lazy(() =>
  import('./auth/clerk-session.js').then((m) => ({ default: m.ClerkSignInPage })),
);

function NotFound() {
  return (
    <section>
      <h1>Page not found</h1>
      <p className="empty">
        There is no such page. <Link href="/">Start again</Link>
      </p>
    </section>
  );
}

/** Moves focus to the new screen after a navigation, and names the tab after its heading. */
function ScreenFocus({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus();
  }, [location]);
  useEffect(() => {
    const observer = new MutationObserver(() => {
      const title = main.current?.querySelector('h1')?.textContent;
      const next = title ? `${title} · Question-Paper Catalog` : 'Question-Paper Catalog';
      if (document.title !== next) document.title = next;
    });
    if (main.current) observer.observe(main.current, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return (
    <main id="view" tabIndex={-1} ref={main}>
      {children}
    </main>
  );
}

export function App() {
  const [location] = useLocation();
  const search = useSearch();
  return (
    <>
      <a className="skip-link" href="#view">
        Skip to content
      </a>
      <Header />
      <ScreenFocus>
        <Suspense fallback={<p className="loading">Loading…</p>}>
          {/*
            A new screen for each address: a screen seen before is answered from the client's
            cache when mounted afresh, where one reused with other parameters would ask again.
          */}
          <Switch key={`${location}?${search}`}>
            <Route path="/" component={HomeView} />
            <Route path="/search" component={SearchView} />
            <Route path="/u/:slug" component={UniversityView} />
            <Route path="/u/:slug/b/:branchId/s/:semesterId">
              {(params) => <SemesterView params={params} />}
            </Route>
            <Route path="/o/:offeringId" component={OfferingView} />
            <Route path="/o/:offeringId/t/:topicId" component={TopicView} />
            <Route path="/o/:offeringId/new-paper" component={NewPaperView} />
            <Route path="/q/:slug" component={QuestionView} />
            <Route path="/subjects/:subjectId" component={SubjectView} />
            <Route path="/p/:slug" component={PaperView} />
            <Route path="/p/:slug/edit" component={PaperEditView} />
            <Route path="/p/:slug/drafts" component={DraftsView} />
            <Route path="/my-papers" component={EditorPapersView} />
            <Route path="/review" component={ReviewView} />
            <Route path="/sign-in" component={ClerkSignInPage} />
            <Route component={NotFound} />
          </Switch>
        </Suspense>
      </ScreenFocus>
      <footer>
        Previous-year papers, their questions and solutions, shared by students and editors.
      </footer>
    </>
  );
}
