// What the page costs a student against the rate limit (issue 58): the requests that reach the
// limiters of the gateway and of the REST API, read as the drop of X-RateLimit-Remaining on every
// budget the page may spend (the visitor's address, and once signed in the user's), each read by a
// probe of our own that the count leaves out. A 304 and an answer from the page's own cache cost
// nothing, so they do not show.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { onePagePdf } from './support/pdf.js';
import { signIn } from './support/stack.js';
import type { Stack } from './support/stack.js';
import { SAMPLE_PAPER, sampleRoutes } from './support/sample-routes.js';
import { useStack } from './support/use-stack.js';

/** What is left of one budget: a probe's own answer, the probe itself already spent. */
async function left(url: string, init: RequestInit): Promise<number> {
  const res = await fetch(url, init);
  await res.arrayBuffer();
  const remaining = res.headers.get('x-ratelimit-remaining');
  if (remaining === null) throw new Error(`${url} answered ${res.status} without a budget`);
  return Number(remaining);
}

/**
 * Reads the budgets the page spends (both apps; anonymous, and the holder of `token` when given)
 * and answers how many requests reached the limiters since the last read, probes left out.
 */
function budgetMeter(stack: Stack, token?: string) {
  const callers: Record<string, string>[] = [
    {},
    ...(token ? [{ authorization: `Bearer ${token}` }] : []),
  ];
  const read = async () => {
    let total = 0;
    for (const headers of callers) {
      total += await left(stack.gatewayUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query: '{ __typename }' }),
      });
      total += await left(`${stack.restUrl}/universities?limit=1`, { headers });
    }
    return total;
  };
  const probes = callers.length * 2;
  let last: number | undefined;
  return {
    start: async () => {
      last = await read();
    },
    /** Requests counted since the last call (or `start`). */
    counted: async () => {
      const now = await read();
      const spent = last! - now - probes;
      last = now;
      return spent;
    },
  };
}

/** Waits until the screen at `path` shows its data: its heading, and nothing still loading. */
async function settled(page: Page, path: string): Promise<void> {
  await page.waitForFunction(
    (wanted) =>
      `${location.pathname}${location.search}` === wanted &&
      document.querySelector('main h1') !== null &&
      document.querySelector('main .loading') === null,
    path,
  );
}

/** Goes to `path` inside the page, as a link does (no reload). */
async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => window.history.pushState(null, '', to), path);
  await settled(page, path);
}

const here = (page: Page) => page.evaluate(() => `${location.pathname}${location.search}`);

describe("the page's requests against the rate limit", () => {
  const stack = useStack();

  it('when a student browses, searches, opens a paper and its PDF, signs in, posts a solution and votes, then at most 15 requests are counted', async () => {
    await stack.uploadPdf(SAMPLE_PAPER, onePagePdf('Budget'), await stack.tokenFor('editor'));
    const token = await stack.tokenFor('normal');
    const meter = budgetMeter(stack, token);
    const page = await stack.newPage();
    await meter.start();

    await page.goto(stack.webUrl);
    await page.getByRole('link', { name: /Northfield Institute of Technology/ }).click();
    await page
      .getByRole('region', { name: /Computer Science and Engineering/ })
      .getByRole('link', { name: /Semester 3/ })
      .click();
    await page.getByRole('link', { name: /Data Structures/ }).click();
    await page.getByRole('heading', { name: 'Data Structures (CS201)' }).waitFor();
    await page.getByRole('link', { name: 'Data Structures end-term 2023' }).first().click();
    await page.getByRole('heading', { name: 'Data Structures end-term 2023' }).waitFor();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: /Download the PDF/ }).click();
    await downloading;

    await page.getByRole('combobox', { name: /Search questions/ }).fill('AVL tree rotation');
    await page.keyboard.press('Enter');
    await page.locator('main a[href^="/q/"]').first().click();
    await page.locator('h1.question-heading').waitFor();

    await signIn(page, token);
    await page.getByRole('button', { name: 'Write a solution' }).click();
    await page.getByLabel('Your solution').fill('Rotate left, right, left-right or right-left.');
    await page.getByRole('button', { name: 'Post' }).click();
    const mine = page.locator('.solution', { hasText: 'Rotate left, right' });
    await mine.waitFor();
    const upvote = page
      .locator('.solution', { hasNotText: 'Your solution' })
      .first()
      .getByRole('button', { name: 'Upvote' });
    await upvote.click();
    await expect.poll(() => upvote.getAttribute('aria-pressed')).toBe('true');
    // The refresh after the vote, if any, is part of the task.
    await page.locator('main .loading').waitFor({ state: 'detached' });

    const counted = await meter.counted();
    console.log(`[web figures] the student task: ${counted} counted requests`);
    expect(counted).toBeGreaterThan(0);
    expect(counted).toBeLessThanOrEqual(15);
  });

  it('when a student lands on a screen by its link (semester, topic, subject, paper, question, search), then it costs one counted request', async () => {
    const { semester, topic, subject, paper, question } = await sampleRoutes(stack);
    const landings = {
      ...{ semester, topic, subject, paper, question },
      search: '/search?q=tree',
    };
    const meter = budgetMeter(stack);
    await meter.start();
    const costs: Record<string, number> = {};
    for (const [name, path] of Object.entries(landings)) {
      // A page of its own each time: a first visit, nothing cached.
      const page = await stack.newPage();
      await page.goto(`${stack.webUrl}${path}`);
      await settled(page, path);
      // Drawn by the server, the screen shows before its script runs: wait for it to settle.
      await page.waitForLoadState('networkidle');
      costs[name] = await meter.counted();
      await page.context().close();
    }
    expect(costs).toEqual(Object.fromEntries(Object.keys(landings).map((name) => [name, 1])));
  });

  it('when a student browses 60 views (new screens, Back, Forward, a search refined twice), then each new view costs at most one counted request and each revisit none', async () => {
    const { subjectOfferings } = await stack.graphql<{
      subjectOfferings: {
        items: {
          id: string;
          university: { slug: string };
          branch: { id: string };
          semester: { id: string };
          syllabus: { modules: { topics: { id: string }[] }[] } | null;
          papers: { slug: string; status: string; questions: { slug: string }[] }[];
        }[];
      };
    }>(`{ subjectOfferings(limit: 50) { items {
      id university { slug } branch { id } semester { id }
      syllabus { modules { topics { id } } }
      papers { slug status questions { slug } } } } }`);
    const offerings = subjectOfferings.items;
    const nfitDs = offerings.find((o) => o.papers.some((p) => p.slug === SAMPLE_PAPER))!;
    const papers = offerings.flatMap((o) => o.papers.filter((p) => p.status === 'APPROVED'));
    const newViews = [
      `/u/${nfitDs.university.slug}`,
      `/u/${nfitDs.university.slug}/b/${nfitDs.branch.id}/s/${nfitDs.semester.id}`,
      `/o/${nfitDs.id}`,
      ...nfitDs.syllabus!.modules.slice(0, 2).map((m) => `/o/${nfitDs.id}/t/${m.topics[0]!.id}`),
      ...papers.slice(0, 3).flatMap((p) => [`/p/${p.slug}`, `/q/${p.questions[0]!.slug}`]),
      '/search?q=tree',
      '/search?q=tree&type=question',
      '/search?q=tree&type=question&year=2023',
      ...offerings.filter((o) => o !== nfitDs).map((o) => `/o/${o.id}`),
    ].slice(0, 19);
    expect(newViews).toHaveLength(19);

    const meter = budgetMeter(stack);
    const page = await stack.newPage();
    await meter.start();
    await page.goto(stack.webUrl);
    await settled(page, '/');
    const costs: { view: string; kind: 'new' | 'revisit'; counted: number }[] = [];
    const record = async (kind: 'new' | 'revisit') =>
      costs.push({ view: await here(page), kind, counted: await meter.counted() });
    await record('new');
    for (const path of newViews) {
      await visit(page, path);
      await record('new');
      // Back to the screen before, and Forward again: both seen a moment ago.
      const current = await here(page);
      await page.evaluate(() => window.history.back());
      await page.waitForFunction(
        (from) => `${location.pathname}${location.search}` !== from,
        current,
      );
      await settled(page, await here(page));
      await record('revisit');
      await page.evaluate(() => window.history.forward());
      await settled(page, current);
      await record('revisit');
    }

    // A minute has not passed: home by its link, then Back, are revisits too.
    await page.getByRole('link', { name: 'Question-Paper Catalog' }).click();
    await settled(page, '/');
    await record('revisit');
    await page.evaluate(() => window.history.back());
    await page.waitForFunction(() => location.pathname !== '/');
    await settled(page, await here(page));
    await record('revisit');

    expect(costs).toHaveLength(60);
    const spentOnNew = costs.filter((c) => c.kind === 'new').reduce((n, c) => n + c.counted, 0);
    console.log(
      `[web figures] 60 views: ${spentOnNew} counted requests for ${newViews.length + 1} new views, ${costs
        .filter((c) => c.kind === 'revisit')
        .reduce((n, c) => n + c.counted, 0)} for ${
        costs.filter((c) => c.kind === 'revisit').length
      } revisits (per view in order: ${costs.map((c) => c.counted).join(' ')})`,
    );
    // The meter sees the page's requests: new views do cost one.
    expect(spentOnNew).toBeGreaterThanOrEqual(newViews.length / 2);
    for (const cost of costs) {
      expect(cost.counted, `${cost.kind} ${cost.view}`).toBeLessThanOrEqual(
        cost.kind === 'new' ? 1 : 0,
      );
    }
  });
});
