// What a browser test needs, all real and on loopback: a fresh database with the sample catalog,
// the GraphQL gateway, the built page behind the web server (which forwards /graphql), and
// Debian's Chromium driven by playwright-core.
import type {} from '@qpc/ferretdb/vitest-global-setup';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  connectDatabase,
  disconnectDatabase,
  setUserRole,
  upsertUserFromClaims,
} from '@qpc/domain';
import type { Role } from '@qpc/domain';
import { seedSampleCatalog } from '@qpc/domain/seed';
import { mongoose } from '@qpc/domain/testing';
import { createGateway } from '@qpc/graphql-gateway/dist/app.js';
import { createActorResolver, createLogger, createRateLimiter } from '@qpc/server-kit';
import { listen, testConfig, tokenFor } from '@qpc/server-kit/testing';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { inject } from 'vitest';
import { createWebServer } from '../../server/app.js';

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

const PERSONAS: Record<Role, { externalId: string; name: string }> = {
  normal: { externalId: 'web_priya', name: 'Priya Sharma' },
  editor: { externalId: 'web_ravi', name: 'Ravi Kumar' },
  admin: { externalId: 'web_meera', name: 'Meera Iyer' },
};

export interface Stack {
  /** The web page's origin, e.g. http://127.0.0.1:41234 */
  webUrl: string;
  gatewayUrl: string;
  /** Chromium (not started with `withoutBrowser`). */
  browser: Browser;
  /**
   * A token for this stack's user of `role`, a named person who has cast no vote in the sample
   * catalog (the same person each time, so screenshots do not change from run to run).
   */
  tokenFor: (role: Role) => Promise<string>;
  /** A token for a user of the sample catalog (seed_admin, seed_editor, seed_alice, ...). */
  seedToken: (externalId: string) => Promise<string>;
  /** A new page (its own context: no session shared with other pages) that records every URL it asks for. */
  newPage: () => Promise<Page & { requested: string[] }>;
  close: () => Promise<void>;
}

export interface StackOptions {
  /** Settings of the gateway (e.g. RATE_LIMIT_MAX). */
  env?: Record<string, string>;
  /** Forward /graphql here instead of the gateway (e.g. a port nobody listens on). */
  graphqlUrl?: string;
  /** Start no browser (tests of the web server alone). */
  withoutBrowser?: boolean;
}

async function listenWeb(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Starts everything; `close` stops it all and drops the database. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  if (!existsSync(`${staticDir}index.html`)) throw new Error('Build the page first (vite build)');
  const uri = `${inject('mongoUri')}web_${randomUUID().slice(0, 8)}`;
  await connectDatabase({ uri });
  await seedSampleCatalog();
  const config = testConfig(uri, options.env);
  const rateLimiter = createRateLimiter(config, { keyPrefix: 'graphql' });
  const { app, apollo } = await createGateway({
    config,
    logger: createLogger({ logLevel: 'silent' }, { name: 'graphql-gateway' }),
    rateLimiter,
    resolveActor: createActorResolver(config),
    version: 'test',
  });
  const gateway = await listen(app);
  const gatewayUrl = `${gateway.url}/graphql`;
  const web = createWebServer({ staticDir, graphqlUrl: options.graphqlUrl ?? gatewayUrl });
  const webUrl = await listenWeb(web);
  // Playwright starts Chromium with a fresh temporary --user-data-dir of its own each launch.
  const browser = options.withoutBrowser
    ? (null as unknown as Browser)
    : await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
  return {
    webUrl,
    gatewayUrl,
    browser,
    async tokenFor(role) {
      const { externalId, name } = PERSONAS[role];
      await upsertUserFromClaims({ externalId, name });
      await setUserRole({ externalId, role });
      return tokenFor(externalId);
    },
    seedToken: (externalId) => tokenFor(externalId),
    async newPage() {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = (await context.newPage()) as Page & { requested: string[] };
      page.requested = [];
      page.on('request', (request) => page.requested.push(request.url()));
      return page;
    },
    async close() {
      await browser?.close();
      await new Promise<void>((resolve) => {
        web.close(() => resolve());
        web.closeAllConnections();
      });
      await gateway.close();
      await apollo.stop();
      await rateLimiter.close();
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
}

/** Saves a screenshot of the page as docs/screens/<name>.png (shown in the README). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screensDir, { recursive: true });
  await page.screenshot({ path: `${screensDir}${name}.png`, fullPage: true });
}
