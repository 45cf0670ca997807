import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, renderTimeAfterData, screens, startStack } from './support/stack.js';
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
    const box = page.getByRole('combobox', { name: /Search questions, papers and subjects/ });
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

  it('when a student types, then suggestions follow the ARIA combobox pattern by keyboard, and a topic hit leads to its questions', async () => {
    const page = await stack.newPage();
    await page.goto(stack.webUrl);
    const box = page.getByRole('combobox', { name: /Search questions, papers and subjects/ });
    await box.focus();
    await page.keyboard.type('heap');
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await list.getByRole('option', { name: /Topic Heaps/ }).waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(await box.getAttribute('aria-controls')).toBe(await list.getAttribute('id'));
    // The screen reader hears how many suggestions there are.
    await page
      .getByRole('status')
      .filter({ hasText: /suggestions; use the arrow keys/ })
      .waitFor();
    await page.keyboard.press('ArrowDown');
    const activeId = await box.getAttribute('aria-activedescendant');
    expect(activeId).toBeTruthy();
    expect(await page.locator(`#${activeId}`).getAttribute('aria-selected')).toBe('true');
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(page, 'search suggestions open');
    // Move to the topic option and open it.
    const options = await list.getByRole('option').allTextContents();
    const topicAt = options.findIndex((text) => /Topic Heaps/.test(text));
    for (let i = 0; i < topicAt; i += 1) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('type')).toBe('topic');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    const topicHit = page.getByRole('region', { name: 'Topics' }).locator('.hit').first();
    await topicHit.getByText(/Data Structures/).waitFor();
    await topicHit.getByRole('link', { name: 'Heaps' }).click();
    await expect
      .poll(() => new URL(page.url()).pathname)
      .toMatch(/^\/o\/[0-9a-f]{24}\/t\/[0-9a-f]{24}$/);
    await page.getByRole('heading', { name: /Heaps/ }).first().waitFor();

    // Escape closes the list.
    await box.fill('');
    await box.focus();
    await page.keyboard.type('stru');
    await list.getByRole('option').first().waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('false');
  });

  it('when hits repeat, a word is misspelt or only stop words are typed, then the page says so plainly', async () => {
    const page = await stack.newPage();
    // The seed sets its Data Structures questions in several sittings of two universities.
    await page.goto(`${stack.webUrl}/search?q=${encodeURIComponent('avl rotation')}`);
    const hit = page.locator('.hit').first();
    await hit.locator('.hit-context').waitFor();
    expect(await hit.locator('.hit-context').textContent()).toMatch(
      /20\d\d · (NFIT|RSU) · Data Structures · 12 marks · Topic: AVL Trees/,
    );
    expect(await hit.locator('.asked').textContent()).toMatch(
      /^asked [2-9]×: (20\d\d, )+20\d\d \((NFIT|RSU)(, (NFIT|RSU))*\)$/,
    );
    await screens(page, 'search-context');

    await page.goto(`${stack.webUrl}/search?q=binery`);
    await page.getByText('Showing results for').waitFor();
    expect(await page.locator('.corrected strong').textContent()).toBe('“binary”');
    await page.getByRole('link', { name: 'Search for “binery” as typed' }).click();
    await page.getByText('Nothing matches every word of “binery” as typed.').waitFor();
    expect(new URL(page.url()).searchParams.get('asTyped')).toBe('1');

    await page.goto(`${stack.webUrl}/search?q=${encodeURIComponent('what is the')}`);
    const hint = page.locator('.hint');
    await hint.waitFor();
    expect(await hint.textContent()).toMatch(/common words/);
    expect(await page.content()).not.toMatch(/SearchText|BAD_USER_INPUT/);
  });
});
