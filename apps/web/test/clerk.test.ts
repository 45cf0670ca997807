import { describe, expect, it } from 'vitest';
import { clerkStubScript } from './support/clerk-stub.js';
import { expectAccessible } from './support/stack.js';
import { useStack } from './support/use-stack.js';

// A publishable key names Clerk's frontend API host: `pk_test_` + base64("<host>$").
const CLERK_HOST = 'clerk.qpc.test';
const PUBLISHABLE_KEY = `pk_test_${Buffer.from(`${CLERK_HOST}$`).toString('base64')}`;

describe('sign-in with Clerk (a publishable key configured)', () => {
  const stack = useStack({ clerkPublishableKey: PUBLISHABLE_KEY });

  it("when the page is served, then its CSP allows Clerk's frontend API host and no other, and the page carries the key", async () => {
    const res = await fetch(stack.webUrl);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain(`script-src 'self' https://${CLERK_HOST};`);
    expect(csp).toContain(`connect-src 'self' https://${CLERK_HOST};`);
    expect(csp).toContain(`frame-src https://${CLERK_HOST};`);
    const hosts = new Set([...csp.matchAll(/https?:\/\/([^\s;]+)/g)].map((m) => m[1]));
    expect([...hosts]).toEqual([CLERK_HOST]);
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const html = await res.text();
    expect(html).toContain(
      `<meta name="qpc-clerk-publishable-key" content="${PUBLISHABLE_KEY}" />`,
    );
    // A Clerk visitor may be signed in: no anonymous data comes with the page.
    expect(html).not.toContain('qpc-first-data');
  });

  it("when a visitor signs in through Clerk's component, then the page sends Clerk's session token to the gateway and shows who they are", async () => {
    const token = await stack.tokenFor('normal');
    const page = await stack.newPage();
    // Clerk's host, answered on the machine: its script is the stub; nothing else is served.
    const clerkRequests: string[] = [];
    await page.context().route(`https://${CLERK_HOST}/**`, async (route) => {
      const url = route.request().url();
      clerkRequests.push(url);
      if (new URL(url).pathname.endsWith('/clerk.browser.js')) {
        await route.fulfill({
          contentType: 'text/javascript',
          headers: { 'access-control-allow-origin': '*' },
          body: clerkStubScript(token),
        });
      } else {
        await route.fulfill({ status: 404, body: '' });
      }
    });
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });

    await page.goto(stack.webUrl);
    await page.getByRole('heading', { name: 'Find previous-year questions' }).waitFor();
    expect(await page.getByLabel('Token').count()).toBe(0);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    const mounted = page.locator('[data-stub-clerk="sign-in"]');
    await mounted.waitFor();
    await expectAccessible(page, 'Clerk sign-in');

    const authorizations: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/graphql') {
        authorizations.push(request.headers().authorization);
      }
    });
    await mounted.getByRole('button', { name: 'Continue as the test user' }).click();
    await page.getByText('Signed in as').waitFor();
    expect(await page.locator('.signed-in').textContent()).toContain('Priya Sharma (student)');
    expect(authorizations).toContain(`Bearer ${token}`);

    expect(clerkRequests.length).toBeGreaterThan(0);
    expect(clerkRequests.every((url) => new URL(url).host === CLERK_HOST)).toBe(true);
    const origins = new Set(page.requested.map((url) => new URL(url).origin));
    expect([...origins].sort()).toEqual([stack.webUrl, `https://${CLERK_HOST}`].sort());
    expect(refused).toEqual([]);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
  });
});
