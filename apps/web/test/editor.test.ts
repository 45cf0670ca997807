import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onePagePdf } from './support/pdf.js';
import { screens, signIn, startStack } from './support/stack.js';
import type { Stack } from './support/stack.js';

describe('an editor', () => {
  let stack: Stack;
  let offeringId: string;
  beforeAll(async () => {
    stack = await startStack();
    const { paper } = await stack.graphql<{ paper: { subjectOfferingId: string } }>(
      'query { paper(slug: "nfit-data-structures-end-term-2023") { subjectOfferingId } }',
    );
    offeringId = paper.subjectOfferingId;
  });
  afterAll(async () => stack?.close());

  it('when an editor creates a paper, uploads its PDF and adds and edits a question, then it is among their drafts, and its PDF is theirs to download but hidden from visitors', async () => {
    const page = await stack.newPage();
    await page.goto(`${stack.webUrl}/o/${offeringId}`);
    await signIn(page, await stack.tokenFor('editor'));
    await page.getByRole('link', { name: 'Add a paper' }).click();
    await page.getByRole('heading', { name: 'New paper: Data Structures' }).waitFor();
    await page.getByLabel('Exam year').fill('2021');
    await page.getByLabel('Exam type').selectOption({ label: 'Mid-term' });
    await page.getByLabel('Keep as a draft').check();
    await screens(page, 'editor-new-paper');
    await page.getByRole('button', { name: 'Create the paper' }).click();
    const heading = page.getByRole('heading', { level: 1, name: /2021/ });
    await heading.waitFor();
    const title = (await heading.textContent())!;
    expect(page.url()).toMatch(/\/p\/[\w-]+\/edit$/);

    // A 3 MB PDF, with progress.
    const pdf = onePagePdf('Data Structures mid-term 2021', 3_000_000);
    await page
      .getByLabel('PDF file')
      .setInputFiles({ name: 'ds-2021.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByRole('status').filter({ hasText: 'The PDF is uploaded.' }).waitFor();
    expect(await page.locator('progress').getAttribute('value')).toBe('1');
    await page.getByText(/A PDF is attached \(3\.0 MB\)/).waitFor();
    await screens(page, 'editor-upload');

    // A question, filed under a topic; then edited.
    const add = page.getByRole('form', { name: 'New question' });
    await add.getByLabel('Question text').fill('Build a max-heap from 4, 10, 3, 5, 1.');
    await add.getByLabel('Type').selectOption({ label: 'Long answer' });
    await add.getByLabel('Marks').fill('8');
    await add.getByLabel('Topic').selectOption({ label: 'Heaps' });
    await add.getByRole('button', { name: 'Add question' }).click();
    const listed = page.locator('.question', { hasText: 'Build a max-heap' });
    await listed.waitFor();
    expect(await listed.textContent()).toMatch(/Long answer.*8 marks/);
    await listed.getByRole('button', { name: 'Edit question' }).click();
    const edit = page.getByRole('form', { name: 'Edit question' });
    await edit
      .getByLabel('Question text')
      .fill('Build a max-heap from 4, 10, 3, 5, 1 and show each step.');
    await edit.getByRole('button', { name: 'Save question' }).click();
    await page.locator('.question', { hasText: 'show each step' }).waitFor();

    // Among their drafts, with its PDF and question, theirs to send for review.
    await page.getByRole('link', { name: 'My papers' }).click();
    const drafts = page.getByRole('region', { name: 'Your drafts' });
    const mine = drafts.getByRole('listitem').filter({ hasText: title });
    await mine.waitFor();
    expect(await mine.textContent()).toMatch(/PDF.*1 question/);
    await mine.getByRole('button', { name: 'Send for review' }).waitFor();
    await screens(page, 'editor-papers');

    // The editor downloads the draft's PDF through the page; a visitor gets the API's 404.
    await mine.getByRole('link', { name: title }).click();
    await page.getByRole('link', { name: 'See the paper as students do' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: /Download the PDF/ }).click();
    const bytes = await readFile((await (await downloading).path())!);
    expect(bytes.equals(pdf)).toBe(true);
    const { paper } = await stack.graphql<{ paper: { id: string } }>(
      'query ($slug: Slug!) { paper(slug: $slug) { id } }',
      { slug: new URL(page.url()).pathname.split('/')[2] },
      await stack.tokenFor('editor'),
    );
    const anonymous = await fetch(`${stack.webUrl}/api/v1/papers/${paper.id}/file`);
    expect(anonymous.status).toBe(404);
  });
});
