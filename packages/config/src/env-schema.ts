// Every environment variable the service reads, as one zod object: its parse, default and
// description (the README's settings table and \`--help\` come from these descriptions).
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

export type Env = z.output<typeof envSchema>;
