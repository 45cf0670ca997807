import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onePagePdf } from './support/pdf.js';
import { firstLoad, renderTimeAfterData, screens, startStack } from './support/stack.js';
import type { Stack } from './support/stack.js';

const PAPER = 'nfit-data-structures-end-term-2023';

describe('a student browsing', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
    await stack.uploadPdf(
      PAPER,
      onePagePdf('Data Structures 2023'),
      await stack.tokenFor('editor'),
    );
  });
  afterAll(async () => stack?.close());

  it("when a student goes from the home page to a topic, then they see its coverage, its past questions, the years they were asked and the paper's PDF", async () => {
    const page = await stack.newPage();
    // Cold browser cache (a new context), local server already answering (its first request,
    // which compiles the gateway's code paths, is not what a visitor waits for): from the
    // navigation's start, by the browser's clock, to the universities listed.
    await fetch(stack.webUrl);
    await stack.graphql('{ universities(limit: 24) { items { id } } }');
    const load = await firstLoad(page, stack.webUrl, '.cards a.card');
    await page.getByRole('link', { name: /Northfield Institute of Technology/ }).waitFor();
    console.log(`[web figures] home first load: ${JSON.stringify(load)}`);
    await page.getByRole('heading', { name: 'Find previous-year questions' }).waitFor();
    await screens(page, 'home');

    await page.getByRole('link', { name: /Northfield Institute of Technology/ }).click();
    await page.getByRole('heading', { name: 'Northfield Institute of Technology' }).waitFor();
    await page
      .getByRole('region', { name: /Computer Science and Engineering/ })
      .getByRole('link', { name: /Semester 3/ })
      .click();
    await page
      .getByRole('heading', { name: 'Computer Science and Engineering: semester 3' })
      .waitFor();
    await page.getByRole('link', { name: /Data Structures/ }).click();
    await page.getByRole('heading', { name: 'Data Structures (CS201)' }).waitFor();

    // Coverage beside the syllabus: every module, each topic's figures, empty topics marked.
    const syllabus = page.locator('.syllabus');
    await syllabus.locator('.topic').first().waitFor();
    console.log(`[web figures] subject view after its data: ${await renderTimeAfterData(page)} ms`);
    expect(await syllabus.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Linear Data Structures',
      'Trees',
      'Graphs and Hashing',
    ]);
    const stacks = syllabus.locator('.topic', { hasText: 'Stacks and Queues' });
    expect(await stacks.textContent()).toMatch(
      /question.*asked in \d of the last \d sittings.*examined 2023/,
    );
    const heaps = syllabus.locator('.topic', { hasText: 'Heaps' });
    expect(await heaps.getAttribute('class')).toContain('topic-empty');
    expect(await heaps.textContent()).toContain('Never asked');
    // The heatmap: one row per topic, one column per sitting.
    const heatmap = page.getByRole('table', { name: /Questions per topic/ });
    expect(await heatmap.getByRole('row').count()).toBe(1 + 7);
    expect(await heatmap.getByRole('row', { name: /Heaps/ }).getAttribute('class')).toBe(
      'topic-empty',
    );
    // Each cell is the coverage's own figure for that topic and sitting, sittings newest first.
    const offeringId = new URL(page.url()).pathname.split('/').at(-1)!;
    const coverage = (await (
      await fetch(`${stack.restUrl}/subject-offerings/${offeringId}/coverage`)
    ).json()) as {
      data: { modules: { topics: { title: string; bySitting: { questionCount: number }[] }[] }[] };
    };
    const stacksFigures = coverage.data.modules
      .flatMap((m) => m.topics)
      .find((t) => t.title === 'Stacks and Queues')!;
    const stacksRow = heatmap.getByRole('row', { name: /Stacks and Queues/ });
    expect(
      (await stacksRow.locator('td').allTextContents()).map((cell) =>
        Number(cell.replace(/^.*: /, '').replace('·', '0')),
      ),
    ).toEqual(stacksFigures.bySitting.map((s) => s.questionCount));
    // A question filed under a module but no topic is counted there, and reachable.
    const trees = syllabus.locator('.module', { hasText: 'Trees' });
    await trees.getByText('with no topic').click();
    await trees
      .getByRole('link', { name: /maximum number of nodes in a binary tree/ })
      .first()
      .waitFor();
    await screens(page, 'subject-coverage');

    await syllabus.getByRole('link', { name: 'Stacks and Queues' }).click();
    await page.getByRole('heading', { name: 'Stacks and Queues' }).waitFor();
    expect(await page.locator('.lead').textContent()).toMatch(/asked in 2023/);
    const questions = page.locator('.question');
    await questions.first().waitFor();
    expect(await questions.allTextContents()).toContainEqual(
      expect.stringMatching(/last-in, first-out principle.*Asked in Data Structures end-term 2023/),
    );
    await screens(page, 'topic');

    await questions
      .first()
      .getByRole('link', { name: /Data Structures end-term 2023/ })
      .click();
    await page.getByRole('heading', { name: 'Data Structures end-term 2023' }).waitFor();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: /Download the PDF/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${PAPER}.pdf`);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // Nothing but the page's own origin was asked for: no CDN, no font, no other host.
    const origins = new Set(page.requested.map((url) => new URL(url).origin));
    expect([...origins]).toEqual([stack.webUrl]);
  });
});
