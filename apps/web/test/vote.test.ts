import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, signIn, startStack } from './support/stack.js';
import type { Stack } from './support/stack.js';

const PAPER = 'p/nfit-data-structures-end-term-2023';

describe('voting on solutions', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => stack?.close());

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
    await screenshot(page, 'paper');

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
