import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderTimeAfterData, screens, startStack } from './support/stack.js';
import type { Stack } from './support/stack.js';

const EXTRA_QUESTIONS = 25;

describe('searching', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
    // Enough hits for two pages: questions on recursion, added to an approved paper.
    const admin = await stack.tokenFor('admin');
    const { paper } = await stack.graphql<{ paper: { id: string } }>(
      'query { paper(slug: "nfit-data-structures-end-term-2023") { id } }',
      {},
      admin,
    );
    for (let n = 1; n <= EXTRA_QUESTIONS; n += 1) {
      await stack.graphql(
        'mutation ($input: CreateQuestionInput!) { createQuestion(input: $input) { id } }',
        {
          input: {
            paperId: paper.id,
            text: `Trace the recursion of exercise ${n} by hand.`,
            type: 'SHORT',
            difficulty: 'EASY',
          },
        },
        admin,
      );
    }
  });
  afterAll(async () => stack?.close());

  it('when a student searches from the header by keyboard, then results are grouped by type with the matched words marked, facets filter them, pages are numbered and the link can be shared', async () => {
    const page = await stack.newPage();
    await page.goto(stack.webUrl);
    await page.getByRole('link', { name: /Northfield Institute of Technology/ }).waitFor();
    const box = page.getByRole('searchbox', { name: /Search questions, papers and subjects/ });
    // Keyboard only: Tab from the top of the page reaches the search box.
    for (
      let tabs = 0;
      tabs < 5 && !(await box.evaluate((el) => el === document.activeElement));
      tabs += 1
    ) {
      await page.keyboard.press('Tab');
    }
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('data structures');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Search: data structures' }).waitFor();
    await page.getByRole('region', { name: 'Subjects' }).waitFor();
    console.log(`[web figures] search view after its data: ${await renderTimeAfterData(page)} ms`);
    expect(new URL(page.url()).search).toBe('?q=data+structures');

    for (const group of ['Subjects', 'Papers']) {
      await expect.poll(() => page.getByRole('region', { name: group }).count()).toBe(1);
    }
    const marks = await page.locator('mark').allTextContents();
    expect(marks.length).toBeGreaterThan(0);
    for (const word of marks) expect(word.toLowerCase()).toMatch(/^(data|structures?)$/);
    await screens(page, 'search');

    // Facets: type, then year; each narrows the list and lives in the URL.
    const types = page.getByRole('region', { name: 'Filter by type' });
    await types.getByRole('link', { name: /^Papers \(\d+\)$/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('type')).toBe('paper');
    await expect.poll(() => page.getByRole('region', { name: 'Subjects' }).count()).toBe(0);
    await page
      .getByRole('region', { name: 'Filter by year' })
      .getByRole('link', { name: /^2023 / })
      .click();
    await expect.poll(() => new URL(page.url()).searchParams.get('year')).toBe('2023');
    const papers = page.getByRole('region', { name: 'Papers' }).locator('.hit-title');
    // Polled as a whole: the list of before the year filter holds the 2023 paper too.
    await expect
      .poll(async () => {
        const titles = await papers.allTextContents();
        return (
          titles.includes('Data Structures end-term 2023') &&
          titles.every((t) => t.includes('2023'))
        );
      })
      .toBe(true);
    for (const title of await papers.allTextContents()) expect(title).toContain('2023');

    // The link is shareable: another visitor opening it sees the same results.
    const shared = await stack.newPage();
    await shared.goto(page.url());
    await shared.getByRole('region', { name: 'Papers' }).waitFor();
    expect(await shared.locator('.hit-title').allTextContents()).toEqual(
      await papers.allTextContents(),
    );

    // Numbered pages.
    await page.goto(`${stack.webUrl}/search?q=recursion`);
    await page.getByText(`${EXTRA_QUESTIONS} results for “recursion”`).waitFor();
    const pager = page.getByRole('navigation', { name: 'Pages of results' });
    expect(await page.locator('.hit').count()).toBe(20);
    await pager.getByRole('link', { name: 'Page 2' }).click();
    await expect.poll(() => page.locator('.hit').count()).toBe(EXTRA_QUESTIONS - 20);
    expect(await pager.locator('[aria-current="page"]').textContent()).toBe('2');

    // A hit opens with the keyboard: the question, its paper and topic.
    await page.locator('.hit-title').first().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /Trace the recursion of exercise/ }).waitFor();
    await page.getByRole('link', { name: 'Data Structures end-term 2023' }).waitFor();
  });
});
