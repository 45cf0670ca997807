import type { z } from 'zod';
import { envSchema } from './env-schema.js';
import type { Env } from './env-schema.js';
import { commaList } from './values.js';

export { envSchema } from './env-schema.js';
export type { Env } from './env-schema.js';

/** Rules between variables, checked on the raw values so they report even when a field fails. */
function crossFieldProblems(raw: Record<string, string>): { variable: string; message: string }[] {
  const problems: { variable: string; message: string }[] = [];
  if (raw.RATE_LIMIT_STORE === 'redis' && !raw.REDIS_URL) {
    problems.push({ variable: 'REDIS_URL', message: 'is required when RATE_LIMIT_STORE=redis' });
  }
  if (raw.NODE_ENV === 'production' && !raw.CLERK_JWT_KEY && !raw.CLERK_SECRET_KEY) {
    problems.push({
      variable: 'CLERK_SECRET_KEY',
      message:
        'is required in production (or CLERK_JWT_KEY): tokens cannot be verified without a Clerk setting',
    });
  }
  if (raw.NODE_ENV === 'production' && commaList.parse(raw.CORS_ORIGINS ?? '').includes('*')) {
    problems.push({
      variable: 'CORS_ORIGINS',
      message:
        "may not be * in production: any web page could call the API from its visitors' browsers; name the origins",
    });
  }
  return problems;
}

export interface Config {
  readonly env: Env['NODE_ENV'];
  readonly isProduction: boolean;
  readonly host: string;
  readonly port: number;
  readonly graphqlPort: number;
  readonly web: {
    readonly port: number;
    /** Where the page's same-origin `/graphql` is proxied to. */
    readonly graphqlUrl: string;
    /** The REST API's base (…/api/v1) the page's same-origin paper-file route is proxied to. */
    readonly restUrl: string;
    /** Clerk publishable key: the page signs in with Clerk when set. */
    readonly clerkPublishableKey: string | undefined;
    /** Serve the built scripts' source maps (off in production unless asked: 1.4 MB of source). */
    readonly sourceMaps: boolean;
  };
  readonly mongodbUri: string | undefined;
  readonly dataDir: string;
  /** `undefined`: decide at start (true for an empty embedded database). */
  readonly seedSampleData: boolean | undefined;
  readonly logLevel: Env['LOG_LEVEL'];
  readonly rateLimit: {
    readonly windowMs: number;
    readonly max: number;
    readonly store: 'memory' | 'redis';
    readonly redisUrl: string | undefined;
  };
  readonly trustProxy: false | number | readonly string[];
  readonly bodyLimitBytes: number;
  readonly paperFileMaxBytes: number;
  /** How a paper's pages are read for its drafts (scans by OCR). */
  readonly drafts: {
    readonly maxPages: number;
    readonly resumeAfterMs: number;
    readonly ocr: {
      readonly engine: Env['OCR_ENGINE'];
      readonly languages: string;
      readonly pageTimeoutMs: number;
      readonly pageMemoryMb: number;
    };
  };
  /** Web origins whose browsers may call the apps; `['*']` any (never in production). */
  readonly corsOrigins: readonly string[];
  /** How long a process keeps the user behind a token; 0 keeps none. */
  readonly authUserCacheMs: number;
  readonly clerk: {
    readonly secretKey: string | undefined;
    readonly jwtKey: string | undefined;
    readonly authorizedParties: readonly string[];
  };
  readonly adminExternalIds: readonly string[];
  readonly sentry: { readonly dsn: string | undefined; readonly environment: string };
  readonly graphql: {
    readonly introspection: boolean;
    readonly maxDepth: number;
    readonly maxCost: number;
    readonly maxAliases: number;
  };
  readonly database: {
    readonly serverSelectionTimeoutMs: number;
    readonly socketTimeoutMs: number;
  };
  readonly shutdownGraceMs: number;
  /** HTTP caching of anonymous catalog reads, and the shared cache writes purge. */
  readonly httpCache: {
    readonly sMaxAge: number;
    readonly purgeUrl: string | undefined;
  };
  readonly ferretdbBin: string | undefined;
  readonly embedded: {
    /** Backend of the embedded FerretDB, when MONGODB_URI is unset. */
    readonly engine: Env['EMBEDDED_ENGINE'];
    /** PostgreSQL under an embedded FerretDB another process started; detailed health pings it. */
    readonly postgresUrl: string | undefined;
    /** The restart record of an engine another process supervises; detailed health reports it. */
    readonly statusFile: string | undefined;
  };
}

/** Raised when settings are invalid; its message names every bad variable and why. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly { variable: string; message: string }[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p.variable} ${p.message}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}

/** Empty strings count as unset, as shells and .env files commonly leave them. */
function withoutBlanks(source: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined && value.trim() !== '') out[key] = value;
  }
  return out;
}

/** Parses and checks every setting once; throws ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const raw = withoutBlanks(source);
  const parsed = envSchema.safeParse(raw);
  const problems = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => ({
          variable: String(issue.path[0] ?? 'environment'),
          message: issue.message,
        }))),
    ...crossFieldProblems(raw),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  return deepFreeze<Config>({
    env: e.NODE_ENV,
    isProduction,
    host: e.HOST,
    port: e.PORT,
    graphqlPort: e.GRAPHQL_PORT,
    web: {
      port: e.WEB_PORT,
      graphqlUrl: e.WEB_GRAPHQL_URL ?? `http://127.0.0.1:${e.GRAPHQL_PORT}/graphql`,
      restUrl: e.WEB_REST_URL ?? `http://127.0.0.1:${e.PORT}/api/v1`,
      clerkPublishableKey: e.CLERK_PUBLISHABLE_KEY,
      sourceMaps: e.WEB_SOURCE_MAPS ?? !isProduction,
    },
    mongodbUri: e.MONGODB_URI,
    dataDir: e.DATA_DIR,
    seedSampleData: e.SEED_SAMPLE_DATA,
    logLevel: e.LOG_LEVEL,
    rateLimit: {
      windowMs: e.RATE_LIMIT_WINDOW_MS,
      max: e.RATE_LIMIT_MAX,
      store: e.RATE_LIMIT_STORE,
      redisUrl: e.REDIS_URL,
    },
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.BODY_LIMIT,
    paperFileMaxBytes: e.PAPER_FILE_MAX_BYTES,
    drafts: {
      maxPages: e.DRAFTS_MAX_PAGES,
      resumeAfterMs: e.DRAFTS_RESUME_AFTER_MS,
      ocr: {
        engine: e.OCR_ENGINE,
        languages: e.OCR_LANGUAGES,
        pageTimeoutMs: e.OCR_PAGE_TIMEOUT_MS,
        pageMemoryMb: e.OCR_PAGE_MEMORY_MB,
      },
    },
    corsOrigins: e.CORS_ORIGINS,
    authUserCacheMs: e.AUTH_USER_CACHE_MS,
    clerk: {
      secretKey: e.CLERK_SECRET_KEY,
      jwtKey: e.CLERK_JWT_KEY,
      authorizedParties: e.CLERK_AUTHORIZED_PARTIES,
    },
    adminExternalIds: e.ADMIN_EXTERNAL_IDS,
    sentry: { dsn: e.SENTRY_DSN, environment: e.SENTRY_ENVIRONMENT ?? e.NODE_ENV },
    graphql: {
      introspection: e.GRAPHQL_INTROSPECTION ?? !isProduction,
      maxDepth: e.GRAPHQL_MAX_DEPTH,
      maxCost: e.GRAPHQL_MAX_COST,
      maxAliases: e.GRAPHQL_MAX_ALIASES,
    },
    database: {
      serverSelectionTimeoutMs: e.DB_SERVER_SELECTION_TIMEOUT_MS,
      socketTimeoutMs: e.DB_SOCKET_TIMEOUT_MS,
    },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    httpCache: { sMaxAge: e.CACHE_S_MAXAGE, purgeUrl: e.CACHE_PURGE_URL },
    ferretdbBin: e.FERRETDB_BIN,
    embedded: {
      engine: e.EMBEDDED_ENGINE,
      postgresUrl: e.EMBEDDED_POSTGRES_URL,
      statusFile: e.EMBEDDED_ENGINE_STATUS_FILE,
    },
  });
}

/** The variable names and descriptions, for the README and `--help` output. */
export function describeSettings(): { variable: string; description: string }[] {
  return Object.entries(envSchema.shape).map(([variable, schema]) => ({
    variable,
    description: (schema as z.ZodType).description ?? '',
  }));
}
