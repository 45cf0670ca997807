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
    const box = question.getByLabel('Your solution');
    await box.focus();
    await page.keyboard.type('A doubly linked list also points back to the previous node.');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Post');
    await page.keyboard.press('Enter');
    const mine = question.locator('.solution', { hasText: 'Your solution' });
    await mine.getByText('points back to the previous node').waitFor();
    expect(await box.inputValue()).toBe('');
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

  it('when an anonymous visitor votes, then the page says to sign in (the API answered 401)', async () => {
    const page = await stack.newPage();
    await page.goto(`${stack.webUrl}/${PAPER}`);
    const solution = page.locator('.solution').first();
    await solution.getByRole('button', { name: 'Downvote' }).click();
    const alert = solution.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/Sign-in needed.*npm run token/);
  });

  it('when an author votes on their own solution, then the page shows the API refusal (403)', async () => {
    const page = await stack.newPage();
    await page.goto(`${stack.webUrl}/${PAPER}`);
    await signIn(page, await stack.seedToken('seed_alice'));
    // The sample catalog has a solution by Alice Rao (seed_alice) on this paper.
    const own = page.locator('.solution', { hasText: 'Your solution' }).first();
    await own.getByRole('button', { name: 'Upvote' }).click();
    const alert = own.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/Not allowed.*cannot vote on your own solution/);
  });
});
