// Schemas of what the HTTP layer adds around the domain's objects: envelopes, errors, health.
import type { ErrorCode } from '@qpc/domain';
import { z } from 'zod';

export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAPER_EMPTY',
  'SITTING_NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RANGE_NOT_SATISFIABLE',
  'RATE_LIMITED',
  'IDEMPOTENCY_KEY_REUSED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const satisfies readonly ErrorCode[];

// Fails to compile when the domain adds an error code this list does not document.
type MissingCode = Exclude<ErrorCode, (typeof ERROR_CODES)[number]>;
const _everyCodeListed: MissingCode extends never ? true : never = true;

export const errorDetailSchema = z.object({
  path: z.string().describe('The field concerned, e.g. `name` or `options.0`'),
  message: z.string().describe('What is wrong with it'),
});

export const errorResponseSchema = z.object({
  success: z.literal(false),
  error: z.object({
    message: z
      .string()
      .describe(
        'Human-readable message. For 5xx in production, exactly "Internal server error" (or "Service unavailable").',
      ),
    code: z.enum(ERROR_CODES).describe('Machine-readable error code'),
    requestId: z
      .string()
      .describe(
        "The request's X-Request-Id (echoed when the request sent one), to match a report with the server log",
      ),
    details: z
      .array(errorDetailSchema)
      .optional()
      .describe('Per-field problems (validation errors and conflicts)'),
    stack: z.string().optional().describe('Stack trace of a 5xx, outside production only'),
  }),
});

export const paginationSchema = z.object({
  page: z.number().int().min(1).describe('The page returned, starting at 1'),
  limit: z.number().int().min(1).max(100).describe('Items per page'),
  total: z
    .number()
    .int()
    .min(0)
    .nullable()
    .describe('Items matching the filters, over all pages; null with includeTotal=false'),
  totalPages: z
    .number()
    .int()
    .min(0)
    .nullable()
    .describe('Number of pages (0 when nothing matches); null with includeTotal=false'),
  hasNextPage: z.boolean(),
  hasPrevPage: z.boolean(),
});

const healthData = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number().int().describe('Seconds since the process started'),
  version: z.string().describe('Service version'),
});

export const healthResponseSchema = z.object({ success: z.literal(true), data: healthData });

export const detailedHealthResponseSchema = z.object({
  success: z.boolean().describe('false when the database is down'),
  data: healthData.extend({
    status: z.enum(['ok', 'degraded']),
    checks: z.object({
      database: z.object({
        status: z.enum(['up', 'down']),
        latencyMs: z.number().optional().describe('Round trip of a ping, when up'),
      }),
    }),
    engineRestarts: z
      .object({
        count: z.number().int().min(0).describe('Restarts that brought a process back'),
        failedAttempts: z.number().int().min(0).describe('Restart attempts that failed'),
        last: z
          .object({
            process: z.enum(['ferretdb', 'postgresql']),
            cause: z.string().describe('Why it ended, e.g. `killed by SIGKILL`'),
            at: z.string().describe('When it answered again (ISO 8601)'),
          })
          .nullable(),
      })
      .optional()
      .describe(
        'On the embedded engine: its supervisor restarts FerretDB or PostgreSQL when either dies',
      ),
  }),
  error: errorResponseSchema.shape.error
    .optional()
    .describe('Present when the database is down (503)'),
});
