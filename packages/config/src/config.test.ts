import { describe, expect, it } from 'vitest';
import { ConfigError, describeSettings, loadConfig } from './config.js';

const PEM = '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkq\n-----END PUBLIC KEY-----';

function problemsOf(env: Record<string, string>): { variable: string; message: string }[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return [...(error as ConfigError).problems];
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('when nothing is set, then every default of the contract applies', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      isProduction: false,
      port: 3000,
      graphqlPort: 4000,
      web: {
        port: 5173,
        graphqlUrl: 'http://127.0.0.1:4000/graphql',
        restUrl: 'http://127.0.0.1:3000/api/v1',
        clerkPublishableKey: undefined,
        sourceMaps: true,
      },
      mongodbUri: undefined,
      dataDir: '.data',
      seedSampleData: undefined,
      logLevel: 'info',
      rateLimit: { windowMs: 900_000, max: 100, store: 'memory', redisUrl: undefined },
      trustProxy: false,
      bodyLimitBytes: 100 * 1024,
      paperFileMaxBytes: 20 * 1024 * 1024,
      corsOrigins: [],
      clerk: { secretKey: undefined, jwtKey: undefined, authorizedParties: [] },
      adminExternalIds: [],
      sentry: { dsn: undefined, environment: 'development' },
      graphql: { introspection: true },
      embedded: { engine: 'postgresql', postgresUrl: undefined, statusFile: undefined },
      httpCache: { sMaxAge: 60, purgeUrl: undefined },
    });
  });

  it('when the shared cache is named, then its purge URL and s-maxage are kept', () => {
    const config = loadConfig({ CACHE_S_MAXAGE: '120', CACHE_PURGE_URL: 'http://varnish:6081/' });
    expect(config.httpCache).toEqual({ sMaxAge: 120, purgeUrl: 'http://varnish:6081/' });
  });

  it('when the embedded engine is chosen, then SQLite stays available behind EMBEDDED_ENGINE', () => {
    const config = loadConfig({
      EMBEDDED_ENGINE: 'sqlite',
      EMBEDDED_POSTGRES_URL: 'postgres://postgres@127.0.0.1:5433/ferretdb',
      EMBEDDED_ENGINE_STATUS_FILE: '.data/db/engine-status.json',
    });
    expect(config.embedded).toEqual({
      engine: 'sqlite',
      postgresUrl: 'postgres://postgres@127.0.0.1:5433/ferretdb',
      statusFile: '.data/db/engine-status.json',
    });
  });

  it('when values are strings, then they are coerced to numbers, booleans and lists', () => {
    const config = loadConfig({
      PORT: '8080',
      GRAPHQL_PORT: '8081',
      RATE_LIMIT_MAX: '5',
      RATE_LIMIT_WINDOW_MS: '1000',
      SEED_SAMPLE_DATA: 'false',
      BODY_LIMIT: '1mb',
      PAPER_FILE_MAX_BYTES: '5mb',
      TRUST_PROXY: '2',
      ADMIN_EXTERNAL_IDS: 'user_a, user_b,,',
      CLERK_AUTHORIZED_PARTIES: 'https://app.example.com',
      CLERK_JWT_KEY: PEM.replace(/\n/g, '\\n'),
      GRAPHQL_INTROSPECTION: 'true',
      NODE_ENV: 'production',
    });
    expect(config.port).toBe(8080);
    expect(config.graphqlPort).toBe(8081);
    expect(config.rateLimit).toMatchObject({ max: 5, windowMs: 1000 });
    expect(config.seedSampleData).toBe(false);
    expect(config.bodyLimitBytes).toBe(1024 * 1024);
    expect(config.paperFileMaxBytes).toBe(5 * 1024 * 1024);
    expect(config.trustProxy).toBe(2);
    expect(config.adminExternalIds).toEqual(['user_a', 'user_b']);
    expect(config.clerk.authorizedParties).toEqual(['https://app.example.com']);
    expect(config.clerk.jwtKey).toBe(PEM);
    expect(config.graphql.introspection).toBe(true);
  });

  it('when production has a Clerk key, then introspection defaults to off', () => {
    expect(
      loadConfig({ NODE_ENV: 'production', CLERK_SECRET_KEY: 'sk_test_abc' }).graphql.introspection,
    ).toBe(false);
  });

  it('when GRAPHQL_PORT moves, then the web page proxies to it unless WEB_GRAPHQL_URL says otherwise', () => {
    expect(loadConfig({ GRAPHQL_PORT: '4100', PORT: '3100', WEB_PORT: '8080' }).web).toEqual({
      port: 8080,
      graphqlUrl: 'http://127.0.0.1:4100/graphql',
      restUrl: 'http://127.0.0.1:3100/api/v1',
      clerkPublishableKey: undefined,
      sourceMaps: true,
    });
    expect(
      loadConfig({ GRAPHQL_PORT: '4100', WEB_GRAPHQL_URL: 'http://gateway.internal:4000/graphql' })
        .web.graphqlUrl,
    ).toBe('http://gateway.internal:4000/graphql');
  });

  it('when production does not ask for source maps, then the web page serves none; WEB_SOURCE_MAPS turns them on or off', () => {
    const production = { NODE_ENV: 'production', CLERK_SECRET_KEY: 'sk_test_abc' };
    expect(loadConfig(production).web.sourceMaps).toBe(false);
    expect(loadConfig({ ...production, WEB_SOURCE_MAPS: 'true' }).web.sourceMaps).toBe(true);
    expect(loadConfig({ WEB_SOURCE_MAPS: 'false' }).web.sourceMaps).toBe(false);
  });

  it('when TRUST_PROXY lists proxies, then it becomes a list', () => {
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.1' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.1',
    ]);
  });

  it('when a value is an empty string, then it counts as unset', () => {
    expect(loadConfig({ PORT: '', MONGODB_URI: ' ' }).port).toBe(3000);
  });

  it('when the result is returned, then it is deeply frozen', () => {
    const config = loadConfig({});
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.rateLimit)).toBe(true);
    expect(() => {
      (config as { port: number }).port = 1;
    }).toThrow();
  });

  it.each([
    ['PORT', 'abc', /number/],
    ['PORT', '70000', /between 0 and 65535/],
    ['GRAPHQL_PORT', '-1', /between 0 and 65535/],
    ['WEB_PORT', 'web', /number/],
    ['WEB_GRAPHQL_URL', 'gateway', /URL/],
    ['WEB_REST_URL', 'rest', /URL/],
    ['CLERK_PUBLISHABLE_KEY', 'sk_test_abc', /publishable key/],
    ['NODE_ENV', 'staging', /development, production or test/],
    ['LOG_LEVEL', 'loud', /one of/],
    ['RATE_LIMIT_MAX', '0', /greater than 0/],
    ['RATE_LIMIT_MAX', '1.5', /integer/],
    ['RATE_LIMIT_WINDOW_MS', 'soon', /number/],
    ['RATE_LIMIT_STORE', 'memcached', /memory or redis/],
    ['REDIS_URL', 'http://x', /redis:\/\//],
    ['MONGODB_URI', 'postgres://x', /mongodb:\/\//],
    ['SEED_SAMPLE_DATA', 'yes', /true or false/],
    ['GRAPHQL_INTROSPECTION', 'maybe', /true or false/],
    ['BODY_LIMIT', 'big', /size/],
    ['PAPER_FILE_MAX_BYTES', '20 gigabytes', /size/],
    ['PAPER_FILE_MAX_BYTES', '0', /greater than 0/],
    ['TRUST_PROXY', 'true', /hop count/],
    ['CLERK_SECRET_KEY', 'not-a-key', /sk_test_/],
    ['CLERK_JWT_KEY', 'abc', /PEM public key/],
    ['SENTRY_DSN', 'not a url', /URL/],
    ['GRAPHQL_MAX_DEPTH', '0', /greater than 0/],
    ['SHUTDOWN_GRACE_MS', 'x', /number/],
    ['EMBEDDED_ENGINE', 'mysql', /postgresql or sqlite/],
    ['EMBEDDED_POSTGRES_URL', 'mongodb://x', /postgres:\/\//],
    ['CACHE_S_MAXAGE', '-1', /0 or more/],
    ['CACHE_PURGE_URL', 'varnish:6081', /URL/],
    ['CACHE_PURGE_URL', 'ftp://varnish/', /http/],
  ])('when %s=%s, then the start is refused naming it', (variable, value, message) => {
    const problems = problemsOf({ [variable]: value });
    expect(problems).toEqual([{ variable, message: expect.stringMatching(message) }]);
  });

  it('when RATE_LIMIT_STORE is redis without REDIS_URL, then REDIS_URL is named', () => {
    expect(problemsOf({ RATE_LIMIT_STORE: 'redis' })).toEqual([
      { variable: 'REDIS_URL', message: 'is required when RATE_LIMIT_STORE=redis' },
    ]);
  });

  it('when production has no Clerk setting, then the start is refused', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      { variable: 'CLERK_SECRET_KEY', message: expect.stringMatching(/required in production/) },
    ]);
  });

  it('when several variables are bad, then one message names every one of them', () => {
    let message = '';
    try {
      loadConfig({
        NODE_ENV: 'production',
        PORT: 'x',
        RATE_LIMIT_MAX: '-3',
        RATE_LIMIT_STORE: 'redis',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const variable of ['PORT', 'RATE_LIMIT_MAX', 'REDIS_URL', 'CLERK_SECRET_KEY']) {
      expect(message).toContain(`- ${variable} `);
    }
  });

  it('when CORS_ORIGINS lists origins, then they are kept; a path or a non-origin is refused naming it', () => {
    const config = loadConfig({ CORS_ORIGINS: 'https://app.example.edu, http://127.0.0.1:5173' });
    expect(config.corsOrigins).toEqual(['https://app.example.edu', 'http://127.0.0.1:5173']);
    for (const bad of ['https://app.example.edu/', 'app.example.edu', 'ftp://files.example.edu']) {
      const problems = problemsOf({ CORS_ORIGINS: bad });
      expect(problems, bad).toEqual([
        { variable: 'CORS_ORIGINS', message: expect.stringContaining(`"${bad}" is not an origin`) },
      ]);
    }
  });

  it('when CORS_ORIGINS is * in production, then start is refused with a config error; outside production it is kept', () => {
    expect(loadConfig({ CORS_ORIGINS: '*' }).corsOrigins).toEqual(['*']);
    const problems = problemsOf({ NODE_ENV: 'production', CLERK_JWT_KEY: PEM, CORS_ORIGINS: '*' });
    expect(problems).toEqual([
      { variable: 'CORS_ORIGINS', message: expect.stringContaining('may not be * in production') },
    ]);
  });

  it('when AUTH_USER_CACHE_MS is unset, 0 or negative, then 30000, off, or a config error', () => {
    expect(loadConfig({}).authUserCacheMs).toBe(30_000);
    expect(loadConfig({ AUTH_USER_CACHE_MS: '0' }).authUserCacheMs).toBe(0);
    expect(problemsOf({ AUTH_USER_CACHE_MS: '-1' })).toEqual([
      { variable: 'AUTH_USER_CACHE_MS', message: 'must be 0 or more' },
    ]);
  });

  it('when settings are described, then every variable has a description', () => {
    const settings = describeSettings();
    expect(settings.map((s) => s.variable)).toContain('RATE_LIMIT_MAX');
    for (const setting of settings) expect(setting.description.length).toBeGreaterThan(5);
  });
});

describe('README', () => {
  it('when the settings are documented, then every variable appears in the README table', async () => {
    const { readFile } = await import('node:fs/promises');
    const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
    for (const { variable } of describeSettings()) {
      expect(readme).toMatch(new RegExp(`\\|\\s*\`${variable}\`\\s*\\|`));
    }
  });
});
