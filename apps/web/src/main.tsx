// Starts the page: the session (Clerk when the server names a publishable key, else the token
// box) around the app.
import './styles.css';
import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import { TokenSession } from './auth/token-session.js';
import { clerkPublishableKey } from './page-config.js';

const ClerkSession = lazy(() => import('./auth/clerk-session.js'));

const root = document.createElement('div');
root.id = 'root';
document.body.replaceChildren(root);

const key = clerkPublishableKey();
createRoot(root).render(
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
  </StrictMode>,
);
