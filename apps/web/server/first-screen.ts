// The first screen's HTML, drawn by the page's own components built for the server
// (src/first-screen.tsx, `vite build --ssr` into dist/ssr/ beside the page's dist/public/). The
// browser shows it as soon as the HTML and the style sheet have arrived, while the script is
// still on its way: on a slow phone that is most of the wait.
import { access } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SSRData } from '@urql/core';
import type { RenderFirstScreen } from './first-page.js';

/**
 * A drawer of first screens from the server build beside `staticDir`; one that draws nothing
 * ('') when that build is missing or a screen fails to draw (the page then draws it itself).
 */
export function firstScreenDrawer(staticDir: string) {
  const file = resolve(staticDir, '../ssr/first-screen.js');
  let render: Promise<RenderFirstScreen | undefined> | undefined;
  const load = () =>
    (render ??= access(file)
      .then(
        async () =>
          ((await import(pathToFileURL(file).href)) as { renderFirstScreen: RenderFirstScreen })
            .renderFirstScreen,
      )
      // Missing or broken, the build draws nothing: the page draws itself, as without it.
      .catch(() => undefined));
  // Loaded at once, not on the first visitor's request: React's server renderer takes a while.
  void load();
  return async (url: URL, data: SSRData): Promise<string> => {
    const draw = await load();
    try {
      return draw ? draw(`${url.pathname}${url.search}`, data) : '';
    } catch {
      return '';
    }
  };
}
