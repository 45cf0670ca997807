// What a browser test needs, all real and on loopback: a fresh database with the sample catalog
// (a copy of the one loaded once per run, see sample-catalog.ts), the REST API and the GraphQL
// gateway started as their packages' users start them (child processes, reaching the database
// through a relay a test can cut), the built page behind the web server (which forwards
// /graphql), and Debian's Chromium driven by playwright-core.
import type {} from '@qpc/ferretdb/vitest-global-setup';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  connectDatabase,
  disconnectDatabase,
  prepareDatabase,
  setUserRole,
  upsertUserFromClaims,
} from '@qpc/domain';
import type { Role } from '@qpc/domain';
import { mongoose } from '@qpc/domain/testing';
import {
  appProcessEnv,
  startAppProcess,
  startDatabaseRelay,
  tokenFor,
} from '@qpc/server-kit/testing';
import type { AppProcess } from '@qpc/server-kit/testing';
import axe from 'axe-core';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { createWebServer } from '../../server/app.js';
import { trustingThisServer } from '../../server/visitor.js';
import { copySampleCatalog } from './sample-catalog.js';

const staticDir = new URL('../../dist/public/', import.meta.url).pathname;
const screensDir = new URL('../../../../docs/screens/', import.meta.url).pathname;

/** Debian's Chromium (npm test installs it when missing); CHROMIUM_BIN points elsewhere. */
export const CHROMIUM = process.env.CHROMIUM_BIN ?? '/usr/bin/chromium';

/** Flags for these machines: headless, no sandbox (root), no GPU, nothing that calls home. */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The two layouts the page is checked at. */
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

const PERSONAS: Record<Role, { externalId: string; name: string }> = {
  normal: { externalId: 'web_priya', name: 'Priya Sharma' },
  editor: { externalId: 'web_ravi', name: 'Ravi Kumar' },
  admin: { externalId: 'web_meera', name: 'Meera Iyer' },
};

export interface Stack {
  /** The web page's origin, e.g. http://127.0.0.1:41234 */
  webUrl: string;
  gatewayUrl: string;
  /** The REST API's base, …/api/v1. */
  restUrl: string;
  /** Chromium (not started with `withoutBrowser`). */
  browser: Browser;
  /**
   * A token for this stack's user of `role`, a named person who has cast no vote in the sample
   * catalog (the same person each time, so screenshots do not change from run to run).
   */
  tokenFor: (role: Role) => Promise<string>;
  /** A token for a user of the sample catalog (seed_admin, seed_editor, seed_alice, ...). */
  seedToken: (externalId: string) => Promise<string>;
  /** Runs a GraphQL operation against the gateway as the holder of `token`. */
  graphql: <T = any>(query: string, variables?: object, token?: string) => Promise<T>;
  /** Uploads `pdf` as the file of the paper `slug` through the REST API. */
  uploadPdf: (slug: string, pdf: Buffer, token: string) => Promise<void>;
  /** A new page (its own context: no session shared with other pages) that records every URL it asks for. */
  newPage: () => Promise<Page & { requested: string[] }>;
  /** Takes the database away from both apps (their connections drop, new ones are refused). */
  cutDatabase: () => Promise<void>;
  close: () => Promise<void>;
}

export interface StackOptions {
  /** Settings of both apps (e.g. RATE_LIMIT_MAX). */
  env?: Record<string, string>;
  /** Forward /graphql here instead of the gateway (e.g. a port nobody listens on). */
  graphqlUrl?: string;
  /** Start no browser (tests of the web server alone). */
  withoutBrowser?: boolean;
  /** Serve the page with this Clerk publishable key (sign-in with Clerk). */
  clerkPublishableKey?: string;
}

async function listenWeb(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function graphqlAt<T>(
  url: string,
  query: string,
  variables?: object,
  token?: string,
): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
  return body.data;
}

/** Starts everything; `close` stops it all and drops the database. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  if (!existsSync(`${staticDir}index.html`)) throw new Error('Build the page first (vite build)');
  const uri = `${inject('mongoUri')}web_${randomUUID().slice(0, 8)}`;
  await connectDatabase({ uri });
  // Restored like a backup: the documents first, then the preparation an app runs at start.
  await copySampleCatalog(inject('sampleDatabase'));
  await prepareDatabase();
  const relay = await startDatabaseRelay(uri);
  // The apps trust this web server's hop as `npm start` sets them up (the same function).
  const env = trustingThisServer(
    appProcessEnv({
      MONGODB_URI: relay.uri,
      DATA_DIR: mkdtempSync(join(inject('tempRoot'), 'web-data-')),
      ...options.env,
    }),
  );
  const apps: AppProcess[] = [];
  const stopApps = async () => {
    await Promise.all(apps.map((app) => app.stop()));
    await relay.cut();
  };
  try {
    // One after the other: each runs the database's start-up preparation on its own.
    for (const name of ['@qpc/rest-api', '@qpc/graphql-gateway'] as const)
      apps.push(await startAppProcess(name, { from: import.meta.url, env }));
  } catch (error) {
    await stopApps();
    await disconnectDatabase();
    throw error;
  }
  const [rest, gateway] = apps as [AppProcess, AppProcess];
  const restUrl = `${rest.url}/api/v1`;
  const gatewayUrl = `${gateway.url}/graphql`;
  const web = createWebServer({
    staticDir,
    graphqlUrl: options.graphqlUrl ?? gatewayUrl,
    restUrl,
    clerkPublishableKey: options.clerkPublishableKey,
  });
  const webUrl = await listenWeb(web);
  // Playwright starts Chromium with a fresh temporary --user-data-dir of its own each launch.
  const browser = options.withoutBrowser
    ? (null as unknown as Browser)
    : await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
  return {
    webUrl,
    gatewayUrl,
    restUrl,
    browser,
    async tokenFor(role) {
      const { externalId, name } = PERSONAS[role];
      await upsertUserFromClaims({ externalId, name });
      await setUserRole({ externalId, role });
      return tokenFor(externalId);
    },
    seedToken: (externalId) => tokenFor(externalId),
    graphql: (query, variables, token) => graphqlAt(gatewayUrl, query, variables, token),
    async uploadPdf(slug, pdf, token) {
      const { paper } = await graphqlAt<{ paper: { id: string } }>(
        gatewayUrl,
        'query ($slug: Slug!) { paper(slug: $slug) { id } }',
        { slug },
        token,
      );
      const res = await fetch(`${restUrl}/papers/${paper.id}/file`, {
        method: 'PUT',
        headers: { 'content-type': 'application/pdf', authorization: `Bearer ${token}` },
        body: new Uint8Array(pdf),
      });
      if (!res.ok) throw new Error(`Upload answered ${res.status}: ${await res.text()}`);
    },
    async newPage() {
      const context = await browser.newContext({ viewport: DESKTOP });
      const page = (await context.newPage()) as Page & { requested: string[] };
      page.requested = [];
      page.on('request', (request) => page.requested.push(request.url()));
      return page;
    },
    cutDatabase: relay.cut,
    async close() {
      await browser?.close();
      await new Promise<void>((resolve) => {
        web.close(() => resolve());
        web.closeAllConnections();
      });
      await stopApps();
      if (mongoose.connection.readyState === 1) await mongoose.connection.db?.dropDatabase();
      await disconnectDatabase();
    },
  };
}

/** Signs in through the page's token box and waits for the header to name the user. */
export async function signIn(page: Page, token: string): Promise<void> {
  await page.getByLabel('Token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Signed in as').waitFor();
  // The sign-in refreshes the page's data with the caller's view (their votes, their papers): a
  // test acts on that view, not on the visitor's one still on screen while the refresh is away.
  await page.waitForLoadState('networkidle');
}

/** Saves a screenshot of the page as docs/screens/<name>.png (shown in the README). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screensDir, { recursive: true });
  // The pointer rests in the page's corner, on no control: the control a test clicked last would
  // otherwise be drawn hovered or not, as the browser happened to update hover after a resize.
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${screensDir}${name}.png`, fullPage: true });
}

/**
 * The screen at both layouts: checked by axe at each, nothing wider than a phone's screen, and
 * saved as <name>-desktop.png and <name>-phone.png.
 */
export async function screens(page: Page, name: string): Promise<void> {
  await expectAccessible(page, name);
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  try {
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} is wider than a phone`).toBeLessThanOrEqual(0);
    await expectAccessible(page, `${name} (phone)`);
    await screenshot(page, `${name}-phone`);
  } finally {
    await page.setViewportSize(DESKTOP);
  }
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core on the page as it is (injected through the DevTools protocol, so the page's CSP
 * stays as strict as it is for visitors) and fails on any serious or critical violation, and on
 * any violation of the rules named in `alsoFailOn` whatever their impact.
 */
export async function expectAccessible(
  page: Page,
  screen: string,
  alsoFailOn: readonly string[] = [],
): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as { axe: { run: (context: Document) => Promise<{ violations: unknown }> } }
    ).axe.run(document);
    return result.violations as AxeViolation[];
  });
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || alsoFailOn.includes(v.id))
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  expect(serious, `axe on ${screen}`).toEqual([]);
}

/**
 * Milliseconds from the last GraphQL answer to now (call it once the screen shows its data):
 * how long the screen took to render after its data arrived, read from the browser's own clock.
 */
export async function renderTimeAfterData(page: Page): Promise<number> {
  return page.evaluate(() => {
    const answers = performance
      .getEntriesByType('resource')
      // Reads are GETs with the query in the URL (persisted queries), mutations POSTs.
      .filter(
        (entry) => new URL(entry.name).pathname === '/graphql',
      ) as PerformanceResourceTiming[];
    const last = Math.max(...answers.map((entry) => entry.responseEnd));
    return Math.round(performance.now() - last);
  });
}

/**
 * Opens `url` in `page` and measures its first load, in milliseconds from the navigation's start
 * by the browser's clock: the page's first byte and its end (the data sent with it included), its
 * script, its first GraphQL request sent and answered (none when the data came with the page), and
 * `drawn`: the first frame after an element matching `selector` is in the document (recorded in
 * the page by a MutationObserver installed before the page's own script).
 */
export async function firstLoad(page: Page, url: string, selector: string) {
  await page.addInitScript((wanted: string) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector(wanted)) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        (window as unknown as { qpcDrawnAt: number }).qpcDrawnAt = performance.now();
      });
    });
    observer.observe(document, { childList: true, subtree: true });
  }, selector);
  await page.goto(url);
  await page.waitForFunction(() => 'qpcDrawnAt' in window);
  return page.evaluate(() => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const [navigation] = performance.getEntriesByType(
      'navigation',
    ) as PerformanceNavigationTiming[];
    const script = resources.find((r) => r.initiatorType === 'script' || r.name.endsWith('.js'));
    const graphql = resources.find((r) => new URL(r.name).pathname === '/graphql');
    return {
      htmlFirstByte: Math.round(navigation?.responseStart ?? 0),
      html: Math.round(navigation?.responseEnd ?? 0),
      script: Math.round(script?.responseEnd ?? 0),
      graphqlSent: graphql ? Math.round(graphql.requestStart) : 'none',
      firstGraphql: graphql ? Math.round(graphql.responseEnd) : 'none',
      drawn: Math.round((window as unknown as { qpcDrawnAt: number }).qpcDrawnAt),
    };
  });
}
