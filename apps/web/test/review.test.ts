import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, signIn, startStack } from './support/stack.js';
import type { Stack } from './support/stack.js';

describe('the review queue', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => stack?.close());

  it('when an admin approves a pending paper with a reason, then it leaves the queue and everyone can open it', async () => {
    const page = await stack.newPage();
    await page.goto(stack.webUrl);
    await signIn(page, await stack.tokenFor('admin'));
    await page.getByRole('link', { name: 'Review queue' }).click();
    await page.getByRole('heading', { name: 'Review queue' }).waitFor();
    const items = page.locator('.review-item');
    await expect.poll(() => items.count()).toBe(2);
    await screenshot(page, 'review');

    const item = items.filter({ hasText: 'Operating Systems end-term 2024' });
    await item.getByLabel(/Reason/).fill('Matches the university archive copy');
    await item.getByRole('button', { name: 'Approve' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Approved: Operating Systems end-term 2024' })
      .waitFor();
    await expect.poll(() => items.count()).toBe(1);

    // An anonymous visitor now sees the paper, and the reason is in its history for the admin.
    const visitor = await stack.newPage();
    await visitor.goto(`${stack.webUrl}/p/nfit-operating-systems-end-term-2024`);
    await visitor.getByRole('heading', { name: 'Operating Systems end-term 2024' }).waitFor();
    expect(await visitor.locator('.chips').first().textContent()).toContain('Approved');
    await page.goto(`${stack.webUrl}/p/nfit-operating-systems-end-term-2024`);
    await page.getByText('Status history').click();
    await page
      .getByText('Pending review → Approved: Matches the university archive copy')
      .waitFor();
  });

  it('when an editor approves, then the page shows that the role may not (the API answered 403) and the paper stays queued', async () => {
    const page = await stack.newPage();
    await page.goto(stack.webUrl);
    await signIn(page, await stack.tokenFor('editor'));
    await page.getByRole('link', { name: 'Review queue' }).click();
    await page.getByText('Approving and rejecting papers needs the admin role.').waitFor();
    const item = page.locator('.review-item').first();
    await item.getByRole('button', { name: 'Approve' }).click();
    const alert = item.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/Not allowed.*role \(editor\)/);
    expect(await page.locator('.review-item').count()).toBeGreaterThan(0);
  });

  it('when a normal user signs in, then the queue is not offered', async () => {
    const page = await stack.newPage();
    await page.goto(stack.webUrl);
    await signIn(page, await stack.tokenFor('normal'));
    expect(await page.getByRole('link', { name: 'Review queue' }).count()).toBe(0);
    await page.goto(`${stack.webUrl}/review`);
    await page.getByText('The review queue is for editors and admins').waitFor();
  });
});
