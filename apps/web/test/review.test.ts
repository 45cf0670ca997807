import { describe, expect, it } from 'vitest';
import { screens, signIn } from './support/stack.js';
import { useStack } from './support/use-stack.js';

describe('the review queue', () => {
  const stack = useStack();

  it('when an editor opens the queue, then the papers are listed without the buttons only admins may use', async () => {
    const page = await stack.newPage();
    await page.goto(stack.webUrl);
    await signIn(page, await stack.tokenFor('editor'));
    await page.getByRole('link', { name: 'Review queue' }).click();
    await page.getByText('Approving and rejecting papers needs the admin role.').waitFor();
    await page.locator('.review-item').first().waitFor();
    expect(await page.getByRole('button', { name: /Approve|Reject/ }).count()).toBe(0);
  });

  it('when an admin decides, then the count follows each decision, a rejection needs a reason, and an approved paper opens for everyone', async () => {
    const page = await stack.newPage();
    await page.goto(stack.webUrl);
    await signIn(page, await stack.tokenFor('admin'));
    await page.getByRole('link', { name: 'Review queue' }).click();
    await page.getByRole('heading', { name: 'Review queue' }).waitFor();
    const items = page.locator('.review-item');
    const count = page.locator('.lead');
    await expect.poll(() => items.count()).toBe(2);
    expect(await count.textContent()).toContain('2 papers wait for review.');
    await screens(page, 'review');

    const os = items.filter({ hasText: 'Operating Systems end-term 2024' });
    await os.getByLabel(/Reason/).fill('Matches the university archive copy');
    await os.getByRole('button', { name: 'Approve' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Approved: Operating Systems end-term 2024' })
      .waitFor();
    await expect.poll(() => count.textContent()).toContain('1 paper waits for review.');
    await expect.poll(() => items.count()).toBe(1);

    // A rejection without a reason is not sent; with one, the queue empties.
    const dbms = items.first();
    await dbms.getByRole('button', { name: 'Reject' }).click();
    await dbms.getByText('A rejection needs a reason.').waitFor();
    expect(await dbms.getByLabel(/Reason/).evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    expect(await count.textContent()).toContain('1 paper waits for review.');
    await page.keyboard.type('Pages 3 and 4 are missing');
    await dbms.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => count.textContent()).toContain('0 papers wait for review.');
    await page.getByText('Nothing to review.').waitFor();

    // An anonymous visitor now sees the approved paper; the reason is in its history for the admin.
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

  it('when a normal user signs in, then the queue is not offered', async () => {
    const page = await stack.newPage();
    await page.goto(stack.webUrl);
    await signIn(page, await stack.tokenFor('normal'));
    expect(await page.getByRole('link', { name: 'Review queue' }).count()).toBe(0);
    await page.goto(`${stack.webUrl}/review`);
    await page.getByText('The review queue is for editors and admins').waitFor();
  });
});
