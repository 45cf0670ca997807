import { describe, expect, it } from 'vitest';
import { screens, signIn } from './support/stack.js';
import { useStack } from './support/use-stack.js';

const PAPER = 'p/nfit-data-structures-end-term-2023';

describe('a paper, its solutions and votes', () => {
  const stack = useStack();

  it('when a paper is opened, then its questions are numbered in the order they were added', async () => {
    const { paper } = await stack.graphql<{ paper: { id: string } }>(
      'query ($slug: Slug!) { paper(slug: $slug) { id } }',
      { slug: PAPER.slice('p/'.length) },
    );
    const res = await fetch(`${stack.restUrl}/questions?paperId=${paper.id}&sort=createdAt`);
    const { data: added } = (await res.json()) as { data: { text: string }[] };
    expect(added.length).toBeGreaterThan(1);

    const page = await stack.newPage();
    await page.goto(`${stack.webUrl}/${PAPER}`);
    const texts = page.locator('ol.questions > li .question-text');
    await expect.poll(() => texts.count()).toBe(added.length);
    expect(await texts.allTextContents()).toEqual(added.map((q) => q.text));
  });

  it('when a normal user upvotes a solution, then the score rises by one and the vote shows as pressed; pressing again withdraws it', async () => {
    const page = await stack.newPage();
    await page.goto(`${stack.webUrl}/${PAPER}`);
    await signIn(page, await stack.tokenFor('normal'));
    await page.getByRole('heading', { name: 'Data Structures end-term 2023' }).waitFor();

    const solution = page.locator('.solution').first();
    const score = solution.getByLabel('Score');
    const upvote = solution.getByRole('button', { name: 'Upvote' });
    const before = Number(await score.textContent());
    expect(await upvote.getAttribute('aria-pressed')).toBe('false');

    await upvote.click();
    await expect.poll(async () => Number(await score.textContent())).toBe(before + 1);
    expect(await upvote.getAttribute('aria-pressed')).toBe('true');

    // The vote is stored: a reload shows it as this user's.
    await page.reload();
    await page.getByRole('heading', { name: 'Data Structures end-term 2023' }).waitFor();
    const reloaded = page.locator('.solution').first();
    await expect
      .poll(() => reloaded.getByRole('button', { name: 'Upvote' }).getAttribute('aria-pressed'))
      .toBe('true');
    expect(Number(await reloaded.getByLabel('Score').textContent())).toBe(before + 1);

    await reloaded.getByRole('button', { name: 'Upvote' }).click();
    await expect
      .poll(async () => Number(await reloaded.getByLabel('Score').textContent()))
      .toBe(before);
  });

  it('when a signed-in student writes a solution by keyboard, then it is listed as theirs; they edit it, then delete it', async () => {
    const page = await stack.newPage();
    await page.goto(`${stack.webUrl}/${PAPER}`);
    await signIn(page, await stack.tokenFor('normal'));
    const question = page.locator('.question', { hasText: 'doubly linked list' });
    // No open box under every question: "Write a solution" opens the field, focused.
    expect(await page.getByLabel('Your solution').count()).toBe(0);
    await question.getByRole('button', { name: 'Write a solution' }).focus();
    await page.keyboard.press('Enter');
    const box = question.getByLabel('Your solution');
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('A doubly linked list also points back to the previous node.');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Post');
    await page.keyboard.press('Enter');
    const mine = question.locator('.solution', { hasText: 'Your solution' });
    await mine.getByText('points back to the previous node').waitFor();
    expect(await box.count()).toBe(0);
    // No vote on one's own solution.
    expect(await mine.getByRole('button', { name: 'Upvote' }).count()).toBe(0);
    await screens(page, 'paper');

    await mine.getByRole('button', { name: 'Edit' }).click();
    await mine
      .getByLabel('Edit your solution')
      .fill('Each node of a doubly linked list links both ways.');
    await mine.getByRole('button', { name: 'Save' }).click();
    await mine.getByText('links both ways').waitFor();

    // Stored: a fresh visitor sees the edited text; then the author deletes it.
    const visitor = await stack.newPage();
    await visitor.goto(`${stack.webUrl}/${PAPER}`);
    await visitor.getByText('links both ways').waitFor();
    await mine.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => question.getByText('links both ways').count()).toBe(0);
    await visitor.reload();
    await visitor.getByRole('heading', { name: 'Data Structures end-term 2023' }).waitFor();
    await visitor.locator('.solution').first().waitFor();
    expect(await visitor.getByText('links both ways').count()).toBe(0);
  });

  it('when a visitor reads the solutions, then they see "Sign in to vote" and no vote button', async () => {
    const page = await stack.newPage();
    await page.goto(`${stack.webUrl}/${PAPER}`);
    const solution = page.locator('.solution').first();
    await solution.getByText('Sign in to vote').waitFor();
    expect(await page.getByRole('button', { name: /Upvote|Downvote/ }).count()).toBe(0);
    expect(await solution.getByLabel('Score').textContent()).toMatch(/^-?\d+$/);
  });

  it('when an author reads their own solution, then it has no vote buttons while the others have', async () => {
    const page = await stack.newPage();
    await page.goto(`${stack.webUrl}/${PAPER}`);
    await signIn(page, await stack.seedToken('seed_alice'));
    // The sample catalog has a solution by Alice Rao (seed_alice) on this paper.
    const own = page.locator('.solution', { hasText: 'Your solution' }).first();
    await own.waitFor();
    expect(await own.getByRole('button', { name: 'Upvote' }).count()).toBe(0);
    const others = page.locator('.solution', { hasNotText: 'Your solution' });
    expect(await others.first().getByRole('button', { name: 'Upvote' }).count()).toBe(1);
  });

  it('when a vote lifts the last solution above the others, then the list keeps its order until the next visit', async () => {
    // A question of its own with two solutions at score 0: the newer one is listed second.
    const admin = await stack.tokenFor('admin');
    const { paper } = await stack.graphql<{ paper: { id: string } }>(
      'query ($slug: Slug!) { paper(slug: $slug) { id } }',
      { slug: PAPER.slice('p/'.length) },
    );
    const { createQuestion } = await stack.graphql<{ createQuestion: { id: string } }>(
      'mutation ($input: CreateQuestionInput!) { createQuestion(input: $input) { id } }',
      {
        input: {
          paperId: paper.id,
          text: 'State the steady-order property of a ranked list.',
          type: 'SHORT',
          difficulty: 'EASY',
        },
      },
      admin,
    );
    for (const [author, content] of [
      ['seed_bob', 'The older answer.'],
      ['seed_carol', 'The newer answer.'],
    ] as const) {
      await stack.graphql(
        'mutation ($input: CreateSolutionInput!) { createSolution(input: $input) { id } }',
        { input: { questionId: createQuestion.id, content } },
        await stack.seedToken(author),
      );
    }
    const page = await stack.newPage();
    await page.goto(`${stack.webUrl}/${PAPER}`);
    await signIn(page, await stack.tokenFor('normal'));
    const question = page.locator('.question', { hasText: 'steady-order property' });
    const texts = question.locator('.solution-text');
    await expect
      .poll(() => texts.allTextContents())
      .toEqual(['The older answer.', 'The newer answer.']);

    // The page asks for the paper again after the vote (its cached copy is stale): the answer
    // ranks the newer solution first, and the list must not move under the pointer.
    const refreshed = page.waitForResponse(
      (res) => res.url().includes('/graphql') && res.request().method() === 'GET',
    );
    const newer = question.locator('.solution', { hasText: 'The newer answer.' });
    await newer.getByRole('button', { name: 'Upvote' }).click();
    await refreshed;
    await expect.poll(() => newer.getByLabel('Score').textContent()).toBe('1');
    expect(await texts.allTextContents()).toEqual(['The older answer.', 'The newer answer.']);

    await page.reload();
    await expect
      .poll(() =>
        page
          .locator('.question', { hasText: 'steady-order property' })
          .locator('.solution-text')
          .allTextContents(),
      )
      .toEqual(['The newer answer.', 'The older answer.']);
  });

  it('when a question was also asked in other papers, then its page and its paper name them, with links', async () => {
    const page = await stack.newPage();
    await page.goto(`${stack.webUrl}/p/nfit-data-structures-mid-term-2023`);
    const avl = page.locator('.question', { hasText: 'insertion into an AVL tree' });
    await avl.getByText('Topic: AVL Trees').waitFor();
    const also = avl.locator('.also-asked');
    expect(await also.textContent()).toMatch(/^Also asked in .*End-term 2023 \(NFIT\)/);
    expect(await also.textContent()).toContain('End-term 2022 (RSU)');
    // A question with no topic says so, and every question has its own link.
    await page.locator('.question', { hasText: 'No topic yet' }).first().waitFor();
    await avl.getByRole('link', { name: 'Link to this question' }).click();
    await page.locator('h1.question-heading', { hasText: 'AVL tree' }).waitFor();
    const crumbs = await page.getByRole('navigation', { name: 'Breadcrumb' }).textContent();
    expect(crumbs).toMatch(/NFIT.*CSE.*Semester 3.*Data Structures/);
    await page.locator('.also-asked').getByRole('link', { name: 'End-term 2022 (RSU)' }).waitFor();
    await screens(page, 'question');
    await page.locator('.also-asked').getByRole('link', { name: 'End-term 2022 (RSU)' }).click();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('RSU').waitFor();
  });
});
