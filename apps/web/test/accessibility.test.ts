// axe on every screen a visitor, a student, an editor and an admin can reach (issue 58), at the
// desktop and the phone layout: no serious or critical violation, headings in order and
// landmarks told apart (axe's `heading-order` and `landmark-unique`, moderate by axe's own scale,
// are held here too). The journeys check their own screens as they go; this file goes through
// every route of the page, for each role that sees it differently, so none is left out.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, expectAccessible, signIn } from './support/stack.js';
import type { Stack } from './support/stack.js';
import { SAMPLE_PAPER, sampleRoutes } from './support/sample-routes.js';
import { useStack } from './support/use-stack.js';

const ALSO = ['heading-order', 'landmark-unique'] as const;

/** The routes of the page, with ids from the sample catalog. */
async function routes(stack: Stack) {
  const place = await sampleRoutes(stack);
  return {
    home: '/',
    ...place,
    search: '/search?q=tree',
    'search, empty': '/search',
    'search, nothing found': '/search?q=qqqzzzxxv',
    'search, a stop word': '/search?q=the',
    'no such page': '/no-such-page',
    'new paper': `${place.subject}/new-paper`,
    'paper, editing': `/p/${SAMPLE_PAPER}/edit`,
    'paper, drafts': `/p/${SAMPLE_PAPER}/drafts`,
    'my papers': '/my-papers',
    review: '/review',
  };
}

/** Waits until the screen shows what it has: nothing loading, the network quiet. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('main') !== null &&
      document.querySelector('main .loading') === null &&
      document.querySelector('main :is(h1, .empty, [role="alert"])') !== null,
  );
  await page.waitForLoadState('networkidle');
}

/** axe on the screen as it is, at the desktop and the phone layout. */
async function check(page: Page, screen: string): Promise<void> {
  await expectAccessible(page, screen, ALSO);
  await page.setViewportSize(PHONE);
  try {
    await expectAccessible(page, `${screen} (phone)`, ALSO);
  } finally {
    await page.setViewportSize(DESKTOP);
  }
}

/** Opens each of `paths` in one tab (signed in by `token`, kept in the tab) and checks it. */
async function checkAll(stack: Stack, paths: Record<string, string>, who: string, token?: string) {
  const page = await stack.newPage();
  await page.goto(stack.webUrl);
  if (token) await signIn(page, token);
  for (const [screen, path] of Object.entries(paths)) {
    await page.goto(`${stack.webUrl}${path}`);
    if (token) await page.getByText('Signed in as').waitFor();
    await settled(page);
    // One main landmark, so that "skip to content" and screen readers land in one place.
    expect(await page.locator('main').count(), `${screen} (${who})`).toBe(1);
    await check(page, `${screen} (${who})`);
  }
  await page.context().close();
}

describe('axe on every screen, for every role', () => {
  const stack = useStack();

  it('when a visitor opens every screen they can reach, then axe finds nothing serious on any', async () => {
    const all = await routes(stack);
    await checkAll(stack, all, 'visitor');
    // The phone's menu open, and the search's suggestions.
    const page = await stack.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(stack.webUrl);
    await settled(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('#site-menu.open').waitFor();
    await expectAccessible(page, 'the phone menu open (visitor)', ALSO);
    await page.context().close();
  });

  it('when a student opens every screen, writing a solution included, then axe finds nothing serious on any', async () => {
    const all = await routes(stack);
    await checkAll(stack, all, 'student', await stack.tokenFor('normal'));
    const page = await stack.newPage();
    await page.goto(`${stack.webUrl}${all.paper}`);
    await signIn(page, await stack.tokenFor('normal'));
    await settled(page);
    await page.getByRole('button', { name: 'Write a solution' }).first().click();
    await page.getByRole('textbox').first().waitFor();
    await check(page, 'paper, writing a solution (student)');
    await page.context().close();
  });

  it('when an editor opens every screen, then axe finds nothing serious on any', async () => {
    await checkAll(stack, await routes(stack), 'editor', await stack.tokenFor('editor'));
  });

  it('when an admin opens every screen, then axe finds nothing serious on any', async () => {
    await checkAll(stack, await routes(stack), 'admin', await stack.tokenFor('admin'));
  });
});
