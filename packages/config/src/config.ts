import { z } from 'zod';
import {
  booleanString,
  byteSize,
  commaList,
  corsOrigins,
  nonNegativeInt,
  pem,
  port,
  positiveInt,
  trustProxy,
} from './values.js';

/** Every environment variable the service reads, with its default and meaning. */
export const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      message: 'must be development, production or test',
    })
    .default('development')
    .describe('`production` turns on message masking and requires Clerk settings'),
  PORT: port.default(3000).describe('REST API port'),
  GRAPHQL_PORT: port.default(4000).describe('GraphQL gateway port'),
  WEB_PORT: port.default(5173).describe('port of the web page (apps/web)'),
  WEB_GRAPHQL_URL: z
    .url({ message: 'must be a URL' })
    .optional()
    .describe(
      "GraphQL endpoint the web page's /graphql is proxied to; default: the gateway on 127.0.0.1",
    ),
  WEB_REST_URL: z
    .url({ message: 'must be a URL' })
    .optional()
    .describe(
      "REST API base the web page's /api/v1/papers/:id/file is proxied to; default: the REST API on 127.0.0.1",
    ),
  CLERK_PUBLISHABLE_KEY: z
    .string()
    .regex(
      /^pk_(test|live)_[A-Za-z0-9+/=_-]+$/,
      'must be a Clerk publishable key (pk_test_... or pk_live_...)',
    )
    .optional()
    .describe(
      'Clerk publishable key: the web page signs in with Clerk when set, else by pasted token',
    ),
  WEB_SOURCE_MAPS: booleanString
    .optional()
    .describe(
      "the web page serves its scripts' source maps (linked by a SourceMap header); default: false in production, true otherwise",
    ),
  HOST: z.string().min(1).default('0.0.0.0').describe('address the apps listen on'),
  MONGODB_URI: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, 'must start with mongodb:// or mongodb+srv://')
    .optional()
    .describe('a MongoDB (or compatible) server; unset means the embedded default database'),
  DATA_DIR: z
    .string()
    .min(1)
    .default('.data')
    .describe('where the embedded database and the local development keys live'),
  SEED_SAMPLE_DATA: booleanString
    .optional()
    .describe(
      'load the sample catalog on first start; default: true for an empty embedded database',
    ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info')
    .describe('pino log level'),
  RATE_LIMIT_WINDOW_MS: positiveInt.default(900_000).describe('rate limit window in milliseconds'),
  RATE_LIMIT_MAX: positiveInt.default(100).describe('requests allowed per client per window'),
  RATE_LIMIT_STORE: z
    .enum(['memory', 'redis'], { message: 'must be memory or redis' })
    .default('memory')
    .describe('where rate limit counters live'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional()
    .describe('Redis server for RATE_LIMIT_STORE=redis'),
  TRUST_PROXY: trustProxy
    .default(false)
    .describe(
      'proxy hops (a number) or proxy addresses (comma list) whose X-Forwarded-For is trusted',
    ),
  BODY_LIMIT: byteSize.default(102_400).describe('maximum JSON body size (e.g. 100kb)'),
  PAPER_FILE_MAX_BYTES: byteSize
    .default(20 * 1024 * 1024)
    .refine((v) => v > 0, { message: 'must be greater than 0' })
    .describe('maximum size of an uploaded paper PDF (e.g. 20mb)'),
  // Drafts and OCR (issue 55): how a paper's pages are read, scans included.
  DRAFTS_MAX_PAGES: positiveInt
    .default(40)
    .describe("pages of a paper's PDF read for its drafts; past it, a warning"),
  DRAFTS_RESUME_AFTER_MS: positiveInt
    .default(30_000)
    .describe(
      'drafts pending with no sign of life for this long (a restart during OCR) are read again by the sweep, at most 3 times, then failed',
    ),
  OCR_ENGINE: z
    .enum(['auto', 'native', 'js'], { message: 'must be auto, native or js' })
    .default('auto')
    .describe(
      'what reads pages with no text layer: native Tesseract and pdftoppm (apt-get install tesseract-ocr tesseract-ocr-eng poppler-utils), js (tesseract.js, nothing to install, slower), or auto (native when on the PATH, else js)',
    ),
  OCR_LANGUAGES: z
    .string()
    .regex(/^[a-z_]+(\+[a-z_]+)*$/, 'must be Tesseract language codes joined by + (eng, eng+hin)')
    .default('eng')
    .describe(
      'Tesseract languages of scanned papers (eng+hin); the js engine has eng, others need @tesseract.js-data/<code>',
    ),
  OCR_PAGE_TIMEOUT_MS: positiveInt
    .default(60_000)
    .describe('time one scanned page may take to read; past it the drafts fail with the reason'),
  OCR_PAGE_MEMORY_MB: positiveInt
    .default(1024)
    .describe(
      'memory (MiB) one scanned page may take to read; past it the page is skipped with a warning',
    ),
  // Issue 54 (other origins, users read once per window): kept together to ease merging.
  CORS_ORIGINS: corsOrigins
    .default([])
    .describe(
      'comma list of web origins (https://app.example.edu) whose browsers may call REST and GraphQL; `*` any origin, refused in production; empty allows none',
    ),
  AUTH_USER_CACHE_MS: nonNegativeInt
    .default(30_000)
    .describe(
      'how long (ms) a process keeps the user behind a token; a change made on another instance takes effect within it; 0 reads the user on every request',
    ),
  CLERK_SECRET_KEY: z
    .string()
    .regex(/^sk_(test|live)_/, 'must be a Clerk secret key (sk_test_... or sk_live_...)')
    .optional()
    .describe('Clerk secret key (verifies tokens through Clerk)'),
  CLERK_JWT_KEY: pem.optional().describe('Clerk PEM public key (verifies tokens offline)'),
  CLERK_AUTHORIZED_PARTIES: commaList
    .default([])
    .describe('comma list of origins accepted in the azp claim'),
  ADMIN_EXTERNAL_IDS: commaList
    .default([])
    .describe('comma list of externalIds created with role admin on first sight'),
  SENTRY_DSN: z
    .url({ message: 'must be a URL' })
    .optional()
    .describe('Sentry DSN; unset disables reporting'),
  SENTRY_ENVIRONMENT: z
    .string()
    .min(1)
    .optional()
    .describe('Sentry environment; defaults to NODE_ENV'),
  GRAPHQL_INTROSPECTION: booleanString
    .optional()
    .describe('allow introspection; default: on outside production, off in production'),
  GRAPHQL_MAX_DEPTH: positiveInt.default(12).describe('maximum GraphQL query depth'),
  GRAPHQL_MAX_COST: positiveInt.default(50_000).describe('maximum GraphQL query cost'),
  GRAPHQL_MAX_ALIASES: positiveInt.default(15).describe('maximum aliases in one GraphQL operation'),
  DB_SERVER_SELECTION_TIMEOUT_MS: positiveInt
    .default(2_000)
    .describe('how long a query waits for an unreachable database before 503'),
  DB_SOCKET_TIMEOUT_MS: positiveInt
    .default(10_000)
    .describe('how long a query waits on a silent database connection'),
  SHUTDOWN_GRACE_MS: positiveInt
    .default(10_000)
    .describe('how long shutdown waits for in-flight requests'),
  FERRETDB_BIN: z.string().min(1).optional().describe('path of a prebuilt ferretdb binary'),
  EMBEDDED_ENGINE: z
    .enum(['postgresql', 'sqlite'], { message: 'must be postgresql or sqlite' })
    .default('postgresql')
    .describe('backend of the embedded FerretDB: a PostgreSQL server it starts, or SQLite files'),
  EMBEDDED_POSTGRES_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .describe(
      'the PostgreSQL server under an embedded FerretDB started by another process (npm start sets it), checked by detailed health',
    ),
  EMBEDDED_ENGINE_STATUS_FILE: z
    .string()
    .min(1)
    .optional()
    .describe(
      'the restart record of an embedded engine supervised by another process (npm start sets it), reported by detailed health',
    ),
  // HTTP caching (a shared cache such as Varnish in front of the apps).
  CACHE_S_MAXAGE: z.coerce
    .number({ message: 'must be a number' })
    .int('must be an integer')
    .min(0, 'must be 0 or more')
    .default(60)
    .describe(
      'seconds a shared cache may keep an anonymous catalog answer (s-maxage); writes purge sooner',
    ),
  CACHE_PURGE_URL: z
    .url({ message: 'must be a URL' })
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .optional()
    .describe(
      'the shared cache (Varnish with xkey) that every write tells which surrogate keys to drop; unset: no purge',
    ),
});

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

export type Env = z.output<typeof envSchema>;

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
