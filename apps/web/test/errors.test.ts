import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createWebServer } from '../server/app.js';
import { useStack } from './support/use-stack.js';

describe('when the gateway limits the rate', () => {
  const stack = useStack({ env: { RATE_LIMIT_MAX: '3' } });

  it('then the page says how long to wait (the API answered 429)', async () => {
    const page = await stack.newPage();
    await page.goto(stack.webUrl); // request 1: the universities
    await page.getByRole('link', { name: /Northfield Institute of Technology/ }).click(); // 2
    await page
      .getByRole('link', { name: /Semester 3/ })
      .first()
      .click(); // 3: the semester's tree and subjects, one document
    await page.getByRole('link', { name: /Data Structures/ }).click(); // 4: refused
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const text = await alert.textContent();
    expect(text).toMatch(/Too many requests.*Wait \d+ seconds and try again/);
    expect(text).toMatch(/Request id: \S+/);
  });
});

describe('when things go wrong', () => {
  const stack = useStack();

  it('when a token is not valid, then signing in says so (the API answered 401) and the visitor stays anonymous', async () => {
    const page = await stack.newPage();
    await page.goto(stack.webUrl);
    await page.getByLabel('Token').fill('not.a.token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('banner').getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/Sign-in needed.*invalid or expired/);
    expect(await page.getByText('Signed in as').count()).toBe(0);
  });

  it('when the gateway cannot be reached, then the page says the service is unavailable', async () => {
    // The same built page, served by a second web server that forwards to a port nobody uses.
    const web = createWebServer({
      staticDir: new URL('../dist/public/', import.meta.url).pathname,
      graphqlUrl: 'http://127.0.0.1:9/graphql',
      restUrl: 'http://127.0.0.1:9/api/v1',
    });
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    try {
      const page = await stack.newPage();
      await page.goto(`http://127.0.0.1:${(web.address() as AddressInfo).port}`);
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toMatch(/Service unavailable.*cannot be reached/);
    } finally {
      await new Promise<void>((resolve) => {
        web.close(() => resolve());
        web.closeAllConnections();
      });
    }
  });

  it('when the database is gone, then the page says the service is unavailable (the API answered 503)', async () => {
    const page = await stack.newPage();
    await page.goto(stack.webUrl);
    // The universities are listed (their request answered) before the database goes.
    await page.getByRole('link', { name: /Riverside State University/ }).waitFor();
    await stack.cutDatabase();
    await page.getByRole('link', { name: /Riverside State University/ }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/Service unavailable.*cannot be reached right now/);
  });
});
