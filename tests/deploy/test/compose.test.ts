import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, describeSettings, loadConfig } from '@qpc/config';
import { testKeys } from '@qpc/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from './support/packaged.js';

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string; required?: boolean }>;
  profiles?: string[];
}

const compose = parse(readFileSync(join(repoRoot, 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};
const services = compose.services;
const APPS = ['rest-api', 'graphql-gateway'];

/** Resolves `${NAME:-default}` as compose does when NAME is unset. */
function withDefaults(value: string): string {
  return value.replace(/\$\{\w+:-([^}]*)\}/g, '$1');
}

function environmentOf(name: string, given: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(services[name]!.environment ?? {})) {
    env[key] = given[key] ?? withDefaults(String(value));
  }
  return env;
}

describe('compose.yaml', () => {
  it('when read, then both apps build from the Dockerfile, each named by its APP argument, and run in production on our FerretDB (its image: engine-image.test.ts) with Redis counters', () => {
    for (const app of APPS) {
      const service = services[app]!;
      expect(service.build).toEqual({ context: '.', args: { APP: app } });
      const env = environmentOf(app);
      expect(env.NODE_ENV).toBe('production');
      expect(env.RATE_LIMIT_STORE).toBe('redis');
      expect(new URL(env.REDIS_URL!).hostname).toBe('redis');
      expect(new URL(env.MONGODB_URI!).hostname).toBe('ferretdb');
      for (const dependency of Object.keys(service.depends_on ?? {}))
        expect(services).toHaveProperty(dependency);
    }
    const ferretdb = services.ferretdb!;
    expect(ferretdb.build).toEqual({ context: '.', dockerfile: 'packages/ferretdb/Dockerfile' });
    expect(new URL(withDefaults(ferretdb.environment!.FERRETDB_POSTGRESQL_URL!)).hostname).toBe(
      'postgres',
    );
    expect(services.mongodb?.profiles).toEqual(['mongodb']);
    for (const [name, service] of Object.entries(services)) {
      if (service.image && !service.build) expect(service.image, name).toMatch(/:[\w.-]+$/);
      expect(service.image ?? '', name).not.toMatch(/:latest$/);
    }
  });

  it('when the apps get the compose environment, then every variable is a setting they know, and it is accepted with a Clerk key and refused without one', () => {
    const known = new Set(describeSettings().map((s) => s.variable));
    for (const app of APPS) {
      const env = environmentOf(app);
      expect(Object.keys(env).filter((key) => !known.has(key))).toEqual([]);

      const config = loadConfig(environmentOf(app, { CLERK_JWT_KEY: testKeys().publicKeyPem }));
      expect(config.isProduction).toBe(true);
      expect(config.rateLimit.store).toBe('redis');
      expect(config.trustProxy).toEqual(['loopback', 'uniquelocal']);

      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/CLERK_SECRET_KEY/);
    }
  });

  it('when read, then the web page builds from the Dockerfile with APP=web, forwards to the gateway and REST by their service names, and its settings are known and accepted in production', () => {
    const web = services.web!;
    expect(web.build).toEqual({ context: '.', args: { APP: 'web' } });
    expect(Object.keys(web.depends_on ?? {}).sort()).toEqual(['graphql-gateway', 'rest-api']);
    const env = environmentOf('web');
    const known = new Set(describeSettings().map((s) => s.variable));
    expect(Object.keys(env).filter((key) => !known.has(key))).toEqual([]);
    const config = loadConfig(environmentOf('web', { CLERK_JWT_KEY: testKeys().publicKeyPem }));
    expect(config.isProduction).toBe(true);
    expect(new URL(config.web.graphqlUrl).host).toBe('graphql-gateway:4000');
    expect(new URL(config.web.restUrl).host).toBe('rest-api:3000');
  });
});
