import { NUMBERING, MARKS, OPTIONS, samplePaperPdf } from '@qpc/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, expectAccessible, screens, signIn, startStack } from './support/stack.js';
import type { Stack } from './support/stack.js';

/** A two-page paper as the seed prints them: a cover page, then four numbered questions. */
function paperPdf(): Buffer {
  return samplePaperPdf(
    'Data Structures mid-term 2020',
    [
      { text: 'Explain how a stack differs from a queue, with one use of each.', marks: 5 },
      { text: 'Insert 50, 30, 70 and 20 into an empty binary search tree and draw it.', marks: 8 },
      {
        text: 'Which traversal of a binary search tree visits its keys in sorted order?',
        marks: 1,
        options: ['Inorder', 'Preorder', 'Postorder', 'Level order'],
      },
      { text: 'Describe how a hash table resolves collisions by chaining.', marks: 5 },
    ],
    {
      numbering: NUMBERING.dot,
      marks: MARKS.bracketWord,
      option: OPTIONS.paren,
      columns: 1,
      header: 'Data Structures - mid-term 2020',
      footer: (page, pages) => `Page ${page} of ${pages}`,
      cover: ['Instructions: Answer all questions. Marks are shown against each question.'],
    },
  );
}

describe('an editor reviews the drafts read from a PDF', () => {
  let stack: Stack;
  let paper: { id: string; slug: string };
  beforeAll(async () => {
    stack = await startStack();
    const editor = await stack.tokenFor('editor');
    const { paper: seeded } = await stack.graphql<{ paper: { subjectOfferingId: string } }>(
      'query { paper(slug: "nfit-data-structures-end-term-2023") { subjectOfferingId } }',
    );
    const created = await stack.graphql<{ createPaper: { id: string; slug: string } }>(
      `mutation ($input: CreatePaperInput!) { createPaper(input: $input) { id slug } }`,
      {
        input: {
          subjectOfferingId: seeded.subjectOfferingId,
          examYear: 2020,
          examType: 'MID_TERM',
        },
      },
      editor,
    );
    paper = created.createPaper;
  });
  afterAll(async () => stack?.close());

  it('when an editor uploads a paper, edits one draft, discards one and accepts the rest, then they are its questions, and a draft accepted meanwhile is named', async () => {
    const editor = await stack.tokenFor('editor');
    const page = await stack.newPage();
    await page.goto(`${stack.webUrl}/p/${paper.slug}/edit`);
    await signIn(page, editor);
    await page
      .getByLabel('PDF file')
      .setInputFiles({ name: 'ds-2020.pdf', mimeType: 'application/pdf', buffer: paperPdf() });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByRole('status').filter({ hasText: 'The PDF is uploaded.' }).waitFor();
    await page.getByRole('link', { name: 'Review drafts from the PDF' }).click();
    await page.getByRole('heading', { name: 'Drafts from the PDF' }).waitFor();
    const draft = (n: number) => page.getByRole('listitem', { name: `Draft ${n}`, exact: true });
    await draft(4).waitFor();
    expect(await page.locator('.draft').count()).toBe(4);
    expect(await draft(2).textContent()).toMatch(/Long answer.*8 marks/);
    expect(await draft(3).textContent()).toMatch(/Multiple choice.*Inorder.*Level order/);
    expect(await draft(1).textContent()).not.toContain('Marks are shown');

    // Another editor accepts draft 2 behind this page's back.
    await stack.graphql(
      'mutation ($paperId: ObjectID!) { acceptDrafts(paperId: $paperId, drafts: [{index: 1}]) { id } }',
      { paperId: paper.id },
      editor,
    );

    // Draft 1 edited (text, marks, topic), draft 4 discarded.
    await draft(1).getByRole('button', { name: 'Edit draft 1' }).click();
    const form = page.getByRole('group', { name: 'Edit draft 1' });
    await form
      .getByLabel('Question text')
      .fill('Explain how a stack differs from a queue, with two uses of each.');
    await form.getByLabel('Marks').fill('6');
    await form.getByLabel('Topic').selectOption({ label: 'Stacks and Queues' });
    await screens(page, 'editor-drafts');
    await form.getByRole('button', { name: 'Done editing' }).click();
    expect(await draft(1).textContent()).toMatch(/two uses of each.*6 marks.*Stacks and Queues/);
    await draft(4).getByRole('button', { name: 'Discard draft 4' }).click();
    expect(await page.locator('.draft').count()).toBe(3);

    // Accepting 1, 2 and 3: draft 2 was accepted meanwhile, so nothing is made and it is named.
    await page.getByRole('button', { name: 'Accept 3 selected' }).click();
    const alert = page.getByRole('alert');
    await alert.filter({ hasText: 'Draft 2 was accepted before' }).waitFor();
    await draft(2).getByText('Accepted').waitFor();
    await page.getByRole('button', { name: 'Accept 2 selected' }).click();
    await page.getByRole('status').filter({ hasText: '2 questions added to the paper.' }).waitFor();
    await draft(1).getByText('Accepted').waitFor();
    await draft(3).getByText('Accepted').waitFor();
    // Both layouts, and the moderate findings the issue named (heading order, landmarks).
    const also = ['heading-order', 'landmark-unique'];
    await expectAccessible(page, 'the drafts after accepting', also);
    await page.setViewportSize(PHONE);
    await expectAccessible(page, 'the drafts after accepting (phone)', also);
    await page.setViewportSize(DESKTOP);

    // The paper lists them in order, the edit kept; the discarded draft made nothing.
    await page.getByRole('link', { name: 'See the paper as students do' }).click();
    const questions = page.locator('.questions > .question');
    await questions.nth(2).waitFor();
    expect(await questions.count()).toBe(3);
    const texts = await page.locator('.questions > .question .question-text').allTextContents();
    expect(texts.sort()).toEqual([
      'Explain how a stack differs from a queue, with two uses of each.',
      'Insert 50, 30, 70 and 20 into an empty binary search tree and draw it.',
      'Which traversal of a binary search tree visits its keys in sorted order?',
    ]);
    expect(await questions.filter({ hasText: 'two uses of each' }).textContent()).toMatch(
      /6 marks/,
    );
  });

  it('when a student or a visitor opens the drafts page, then they are not shown the drafts', async () => {
    const page = await stack.newPage();
    await page.goto(`${stack.webUrl}/p/${paper.slug}/drafts`);
    await page.getByText('Reviewing drafts is for editors and admins').waitFor();
    await signIn(page, await stack.tokenFor('normal'));
    await page.getByText('Reviewing drafts is for editors and admins').waitFor();
    expect(await page.locator('.draft').count()).toBe(0);
    // A paper with a PDF: the student is offered no way to its drafts.
    await page.goto(`${stack.webUrl}/p/nfit-data-structures-end-term-2023`);
    await page.getByRole('button', { name: /Download the PDF/ }).waitFor();
    expect(await page.getByRole('link', { name: 'Review drafts from the PDF' }).count()).toBe(0);
  });
});
