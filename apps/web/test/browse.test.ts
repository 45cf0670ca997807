import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, startStack } from './support/stack.js';
import type { Stack } from './support/stack.js';

describe('a student browsing', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => stack?.close());

  it("when a student goes from the home page to a topic, then the topic's questions are listed with the paper they were asked in", async () => {
    const page = await stack.newPage();
    await page.goto(stack.webUrl);
    await page.getByRole('heading', { name: 'Find previous-year questions' }).waitFor();
    await screenshot(page, 'home');

    await page.getByRole('link', { name: /Northfield Institute of Technology/ }).click();
    await page.getByRole('heading', { name: 'Northfield Institute of Technology' }).waitFor();
    await screenshot(page, 'university');

    await page
      .getByRole('region', { name: /Computer Science and Engineering/ })
      .getByRole('link', { name: /Semester 3/ })
      .click();
    await page
      .getByRole('heading', { name: 'Computer Science and Engineering: semester 3' })
      .waitFor();
    await screenshot(page, 'semester');
    await page.getByRole('link', { name: /Data Structures/ }).click();
    await page.getByRole('heading', { name: 'Data Structures (CS201)' }).waitFor();
    const syllabus = page.locator('.syllabus');
    expect(await syllabus.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Linear Data Structures',
      'Trees',
      'Graphs and Hashing',
    ]);
    await screenshot(page, 'syllabus');

    await syllabus.getByRole('link', { name: 'Stacks and Queues' }).click();
    await page.getByRole('heading', { name: 'Stacks and Queues' }).waitFor();
    const questions = page.locator('.question');
    await expect
      .poll(() => questions.allTextContents())
      .toEqual([expect.stringContaining('follows the last-in, first-out principle')]);
    await screenshot(page, 'topic');

    await questions.first().getByRole('link').click();
    await page.getByRole('heading', { name: 'Data Structures end-term 2023' }).waitFor();
    await page.getByText('follows the last-in, first-out principle').waitFor();

    // Nothing but the page's own origin was asked for: no CDN, no font, no other host.
    const origins = new Set(page.requested.map((url) => new URL(url).origin));
    expect([...origins]).toEqual([stack.webUrl]);
  });
});
