// Starts the page: the session (Clerk when the server names a publishable key, else the token
// box) around the app. A first screen the server drew (first-screen.tsx) is hydrated, not drawn
// again: it is already on screen while the script loads.
import './styles.css';
import { StrictMode, Suspense, lazy } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app.js';
import { TokenSession } from './auth/token-session.js';
import { SERVER_ROOT_ID } from '../server/first-page.js';
import { clerkPublishableKey } from './page-config.js';

const ClerkSession = lazy(() => import('./auth/clerk-session.js'));

const key = clerkPublishableKey();
const page = (
  <StrictMode>
    {key ? (
      <Suspense fallback={<p className="loading">Loading…</p>}>
        <ClerkSession publishableKey={key}>
          <App />
        </ClerkSession>
      </Suspense>
    ) : (
      <TokenSession>
        <App />
      </TokenSession>
    )}
  </StrictMode>
);

const drawn = document.getElementById(SERVER_ROOT_ID);
if (drawn?.hasChildNodes() && !key) {
  hydrateRoot(drawn, page);
} else {
  const root = document.createElement('div');
  root.id = SERVER_ROOT_ID;
  document.body.replaceChildren(root);
  createRoot(root).render(page);
}
