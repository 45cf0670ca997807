// The editor's workflow in Chromium: many PDFs dropped onto a subject become draft papers (a
// duplicate and a paper without a printed year refused, the year given and tried again), a paper
// sent for review; the admin's queue shows each paper's PDF, questions and drafts waiting, and an
// empty paper is approved only once confirmed; a rejected paper shows its reason and goes back.
import { randomUUID } from 'node:crypto';
import { textPdf } from '@qpc/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startStack } from './support/stack.js';
import type { Stack } from './support/stack.js';

/** A one-page text PDF whose title block prints `sitting`, with two questions; unique. */
function paperPdf(sitting: string): Buffer {
  return textPdf([
    [
      { x: 72, y: 790, text: 'National Institute of Technology', size: 16 },
      { x: 72, y: 770, text: `Data Structures ${sitting}` },
      { x: 72, y: 740, text: 'Q1. Explain how a stack differs from a queue. [5 marks]' },
      { x: 72, y: 720, text: `Q2. Trace the insertions ${randomUUID()} into a heap. [5 marks]` },
    ],
  ]);
}

interface Made {
  id: string;
  slug: string;
  title: string;
}

describe('the editor workflow', () => {
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

  /** A paper made from `pdf` by the editor over REST, its drafts read. */
  async function madeFromPdf(pdf: Buffer, query: Record<string, string>): Promise<Made> {
    const token = await stack.tokenFor('editor');
    const search = new URLSearchParams({ subjectOfferingId: offeringId, ...query });
    const res = await fetch(`${stack.restUrl}/papers/from-pdf?${search.toString()}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf' },
      body: new Uint8Array(pdf),
    });
    expect(res.status).toBe(201);
    const paper = ((await res.json()) as { data: Made }).data;
    await expect
      .poll(async () => {
        const drafts = await fetch(`${stack.restUrl}/papers/${paper.id}/drafts`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return ((await drafts.json()) as { data: { status: string } }).data.status;
      })
      .toBe('ready');
    return paper;
  }

  it('when an editor drops three PDFs and a text file, then each row says how it went, the missing year is given and tried again, and a paper is sent for review', async () => {
    const duplicate = paperPdf('End Semester Examination 2010');
    const held = await madeFromPdf(duplicate, { status: 'draft' });
    const page = await stack.newPage();
    await page.goto(`${stack.webUrl}/o/${offeringId}`);
    await signIn(page, await stack.tokenFor('editor'));
    await page.getByRole('link', { name: 'Add a paper' }).click();
    const drop = page.getByRole('region', { name: 'Many PDFs at once' });
    await drop.getByLabel('Choose PDF files').setInputFiles([
      {
        name: 'ds-2012.pdf',
        mimeType: 'application/pdf',
        buffer: paperPdf('End Semester Examination 2012'),
      },
      { name: 'ds-copy.pdf', mimeType: 'application/pdf', buffer: duplicate },
      {
        name: 'ds-undated.pdf',
        mimeType: 'application/pdf',
        buffer: paperPdf('Mid Semester Examination'),
      },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Not a paper') },
    ]);
    const row = (name: string) => drop.getByRole('listitem').filter({ hasText: name });
    await row('ds-2012.pdf').getByText('Drafts ready (2)').waitFor();
    await row('ds-copy.pdf')
      .getByText(`Duplicate: The same file is already attached to paper "${held.slug}"`)
      .waitFor();
    await row('ds-undated.pdf').getByText('The first page does not say the exam year').waitFor();
    await row('notes.txt').getByText('Not a PDF: left out.').waitFor();
    // Nothing was made of the refused files: the editor's drafts hold the one made and the held one.
    const mine = await stack.graphql<{ papers: { items: { title: string }[] } }>(
      'query { papers(createdBy: "me", status: DRAFT, limit: 100) { items { title } } }',
      {},
      await stack.tokenFor('editor'),
    );
    expect(mine.papers.items.map((p) => p.title).sort()).toEqual([
      'Data Structures end-term 2010',
      'Data Structures end-term 2012',
    ]);

    await row('ds-undated.pdf').getByLabel('Exam year of ds-undated.pdf').fill('2011');
    await row('ds-undated.pdf').getByRole('button', { name: 'Try again' }).click();
    await row('ds-undated.pdf').getByText('Drafts ready (2)').waitFor();

    // The 2012 paper: its drafts accepted, then sent for review from "My papers" with a note.
    await row('ds-2012.pdf')
      .getByRole('link', { name: /Review the drafts of/ })
      .click();
    await page.getByRole('heading', { name: 'Drafts from the PDF' }).waitFor();
    await page.getByRole('button', { name: 'Accept 2 selected' }).click();
    await page.getByRole('status').filter({ hasText: '2 questions added to the paper.' }).waitFor();
    await page.getByRole('link', { name: 'My papers' }).click();
    const drafts = page.getByRole('region', { name: 'Your drafts' });
    const item = drafts.getByRole('listitem').filter({ hasText: 'Data Structures end-term 2012' });
    await item.getByText('2 questions').waitFor();
    await item.getByLabel(/Note for the reviewer/).fill('All ten questions are in');
    await item.getByRole('button', { name: 'Send for review' }).click();
    await page
      .getByRole('region', { name: 'Waiting for review' })
      .getByRole('listitem')
      .filter({ hasText: 'Data Structures end-term 2012' })
      .waitFor();
    await expect.poll(() => item.count()).toBe(0);
    const undated = await stack.graphql<{
      papers: { items: { examYear: number; examType: string }[] };
    }>(
      'query { papers(createdBy: "me", examYear: 2011, limit: 10) { items { examYear examType } } }',
      {},
      await stack.tokenFor('editor'),
    );
    expect(undated.papers.items).toEqual([{ examYear: 2011, examType: 'MID_TERM' }]);
  });

  it('when an admin opens the queue, then a card shows its PDF, questions and drafts waiting, and an empty paper is approved only once confirmed', async () => {
    const paper = await madeFromPdf(paperPdf('End Semester Examination 2009'), {
      status: 'pending',
    });
    const page = await stack.newPage();
    await page.goto(stack.webUrl);
    await signIn(page, await stack.tokenFor('admin'));
    await page.getByRole('link', { name: 'Review queue' }).click();
    const card = page.locator('.review-item').filter({ hasText: paper.title });
    await card.waitFor();
    const pdf = card.getByRole('link', { name: /^PDF/ });
    expect(await pdf.getAttribute('href')).toBe(
      `/api/v1/papers/${paper.id}/file?disposition=inline`,
    );
    await card.getByText('0 questions').waitFor();
    await card.getByText('2 drafts waiting').waitFor();

    await card.getByRole('button', { name: 'Approve', exact: true }).click();
    await card.getByText('This paper has no questions').waitFor();
    const before = await stack.graphql<{ paper: { status: string } }>(
      'query ($slug: Slug!) { paper(slug: $slug) { status } }',
      { slug: paper.slug },
      await stack.tokenFor('admin'),
    );
    expect(before.paper.status).toBe('PENDING');
    await card.getByRole('button', { name: 'Approve anyway' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Approved: ${paper.title}` })
      .waitFor();
    const after = await stack.graphql<{ paper: { status: string } }>(
      'query ($slug: Slug!) { paper(slug: $slug) { status } }',
      { slug: paper.slug },
    );
    expect(after.paper.status).toBe('APPROVED');
  });

  it('when a paper is rejected, then its editor sees the reason in plain sight, and sends it again with a note', async () => {
    const paper = await madeFromPdf(paperPdf('Supplementary Examination 2008'), {
      status: 'pending',
    });
    await stack.graphql(
      'mutation ($id: ObjectID!) { setPaperStatus(id: $id, status: REJECTED, reason: "Page 2 is missing") { id } }',
      { id: paper.id },
      await stack.tokenFor('admin'),
    );
    const page = await stack.newPage();
    await page.goto(stack.webUrl);
    await signIn(page, await stack.tokenFor('editor'));
    await page.getByRole('link', { name: 'My papers' }).click();
    const sentBack = page.getByRole('region', { name: 'Sent back to you' });
    const item = sentBack.getByRole('listitem').filter({ hasText: paper.title });
    const reason = item.getByText('Page 2 is missing');
    await reason.waitFor();
    expect(await reason.isVisible()).toBe(true);

    await item.getByRole('link', { name: 'Fix it' }).click();
    const review = page.getByRole('region', { name: 'Review' });
    await review.getByText('Page 2 is missing').waitFor();
    await review.getByLabel(/Note for the reviewer/).fill('Page 2 added');
    await review.getByRole('button', { name: 'Send for review' }).click();
    await expect.poll(() => review.count()).toBe(0);

    const { paper: sent } = await stack.graphql<{
      paper: { status: string; statusHistory: { from: string; to: string; reason: string }[] };
    }>(
      'query ($slug: Slug!) { paper(slug: $slug) { status statusHistory { from to reason } } }',
      { slug: paper.slug },
      await stack.tokenFor('editor'),
    );
    expect(sent.status).toBe('PENDING');
    expect(sent.statusHistory.at(-1)).toEqual({
      from: 'REJECTED',
      to: 'PENDING',
      reason: 'Page 2 added',
    });
    await page.getByRole('link', { name: 'My papers' }).click();
    await page
      .getByRole('region', { name: 'Waiting for review' })
      .getByRole('listitem')
      .filter({ hasText: paper.title })
      .waitFor();
  });
});
