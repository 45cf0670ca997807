import { cpSync, mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type {} from '@qpc/ferretdb/vitest-global-setup';
import { describe, expect, inject, it } from 'vitest';
import { createWebServer } from '../server/app.js';
import { useStack } from './support/use-stack.js';

const DATA_BLOCK = /<script type="application\/json" id="qpc-first-data">([\s\S]*?)<\/script>/g;

/** The urql results the page carries, parsed: one per query the server answered. */
function firstDataOf(html: string): { data: unknown }[] {
  return [...html.matchAll(DATA_BLOCK)].flatMap(([, json]) =>
    Object.values(JSON.parse(json!) as Record<string, { data: string }>).map((entry) => ({
      data: JSON.parse(entry.data),
    })),
  );
}

async function withWebServer<T>(
  options: Partial<Parameters<typeof createWebServer>[0]> & { graphqlUrl: string },
  run: (url: string) => Promise<T>,
): Promise<T> {
  const web = createWebServer({
    staticDir: new URL('../dist/public/', import.meta.url).pathname,
    restUrl: 'http://127.0.0.1:9/api/v1',
    ...options,
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  try {
    return await run(`http://127.0.0.1:${(web.address() as AddressInfo).port}`);
  } finally {
    await new Promise<void>((resolve) => {
      web.close(() => resolve());
      web.closeAllConnections();
    });
  }
}

describe("the home page's data, sent with the page", () => {
  const stack = useStack();

  it("when the home page is requested, then it carries the gateway's answer to its universities query, for the page asked", async () => {
    const names = async (page: number) =>
      (
        await stack.graphql<{ universities: { items: { name: string }[] } }>(
          'query($page: PositiveInt) { universities(page: $page, limit: 24) { items { name } } }',
          { page },
        )
      ).universities.items.map((u) => u.name);
    const [first] = firstDataOf(await (await fetch(stack.webUrl)).text());
    const sent = first!.data as { universities: { items: { name: string }[] } };
    expect(sent.universities.items.map((u) => u.name)).toEqual(await names(1));
    expect(sent.universities.items.length).toBeGreaterThan(0);
    const [second] = firstDataOf(await (await fetch(`${stack.webUrl}/?page=2`)).text());
    expect((second!.data as typeof sent).universities.items.map((u) => u.name)).toEqual(
      await names(2),
    );
    // A search opened by its link carries its answer too; other screens ask for their own data.
    expect(firstDataOf(await (await fetch(`${stack.webUrl}/search?q=heap`)).text())).toHaveLength(
      1,
    );
    expect(firstDataOf(await (await fetch(`${stack.webUrl}/search`)).text())).toEqual([]);
    expect(firstDataOf(await (await fetch(`${stack.webUrl}/review`)).text())).toEqual([]);
  });

  it('when the browser opens the home page, then the universities are drawn from that data without a GraphQL request', async () => {
    const page = await stack.newPage();
    await page.goto(stack.webUrl);
    await page.getByRole('link', { name: /Northfield Institute of Technology/ }).waitFor();
    expect(page.requested.filter((url) => new URL(url).pathname === '/graphql')).toEqual([]);
    // The next screen asks the gateway as usual.
    await page.getByRole('link', { name: /Northfield Institute of Technology/ }).click();
    await page.getByRole('heading', { name: 'Northfield Institute of Technology' }).waitFor();
    expect(page.requested.some((url) => new URL(url).pathname === '/graphql')).toBe(true);
  });

  it('when a paper is opened by its link, then its HTML already shows the paper, and the page takes it over without a request or a mismatch', async () => {
    const slug = 'nfit-data-structures-end-term-2023';
    const { paper } = await stack.graphql<{
      paper: { title: string; questions: { text: string }[] };
    }>(`{ paper(slug: "${slug}") { title questions { text } } }`);
    const html = await (await fetch(`${stack.webUrl}/p/${slug}`)).text();
    // Drawn on the server: the heading and the first question are markup, not only data.
    const drawn = html.slice(html.indexOf('<div id="root">'), html.search(DATA_BLOCK));
    expect(drawn).toContain(`<h1>${paper.title}</h1>`);
    expect(drawn).toContain(paper.questions[0]!.text.slice(0, 20));

    const page = await stack.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${stack.webUrl}/p/${slug}`);
    // Hydrated: the menu's button answers (a click does nothing on markup alone).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded'))
      .toBe('true');
    expect(page.requested.filter((url) => new URL(url).pathname === '/graphql')).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('when the server build of the first screen is missing, then the page still comes whole with its data, for the page to draw', async () => {
    // The built page alone, without dist/ssr/ beside it.
    const alone = join(mkdtempSync(join(inject('tempRoot'), 'web-page-')), 'public');
    cpSync(new URL('../dist/public/', import.meta.url).pathname, alone, { recursive: true });
    await withWebServer({ graphqlUrl: stack.gatewayUrl, staticDir: alone }, async (url) => {
      const html = await (await fetch(url)).text();
      expect(html).not.toContain('<div id="root">');
      expect(firstDataOf(html)).toHaveLength(1);
      expect(html).toMatch(/<\/body>\s*<\/html>\s*$/);
    });
  });

  it("when a university's name holds markup that would end the data's element, then the page carries it as text and runs nothing", async () => {
    const admin = await stack.tokenFor('admin');
    const name = 'Aaa </script><script>window.qpcInjected = 1</script><!-- University';
    await stack.graphql(
      'mutation($input: CreateUniversityInput!) { createUniversity(input: $input) { id } }',
      { input: { name, shortName: 'AAA' } },
      admin,
    );
    const html = await (await fetch(stack.webUrl)).text();
    expect([...html.matchAll(DATA_BLOCK)]).toHaveLength(1);
    const [first] = firstDataOf(html);
    const sent = first!.data as { universities: { items: { name: string }[] } };
    expect(sent.universities.items.map((u) => u.name)).toContain(name);

    const page = await stack.newPage();
    await page.goto(stack.webUrl);
    await page.getByText(name).waitFor();
    expect(await page.evaluate(() => 'qpcInjected' in window)).toBe(false);
  });
});

describe('when the home page cannot get its data', () => {
  it('when the gateway cannot be reached, then the page is still served whole, without data', async () => {
    await withWebServer({ graphqlUrl: 'http://127.0.0.1:9/graphql' }, async (url) => {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toMatch(/<\/body>\s*<\/html>\s*$/);
      expect(firstDataOf(html)).toEqual([]);
    });
  });
});
