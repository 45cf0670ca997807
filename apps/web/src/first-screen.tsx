// The first screen drawn on the server (built by `vite build --ssr` into dist/ssr/): the page's
// own components, anonymous, answered from the data the server asked the gateway for
// (server/first-data.ts), so the HTML already shows the screen before the script has arrived;
// the script then hydrates it (main.tsx) from the same data, and nothing is asked twice.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { SSRData } from 'urql';
import { Router } from 'wouter';
import { App } from './app.js';
import { TokenSession } from './auth/token-session.js';

/** The HTML of the page at `path` (with its query), anonymous, drawn from `data`. */
export function renderFirstScreen(path: string, data: SSRData): string {
  return renderToString(<FirstScreen path={path} data={data} />);
}

/** The tree both sides draw: main.tsx hydrates the same one, without `Router`'s server path. */
function FirstScreen({ path, data }: { path: string; data: SSRData }) {
  return (
    <StrictMode>
      <Router ssrPath={path}>
        <TokenSession firstData={data}>
          <App />
        </TokenSession>
      </Router>
    </StrictMode>
  );
}
