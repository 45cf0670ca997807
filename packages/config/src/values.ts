// The value types of settings: how one environment variable's text becomes a typed value.
import { z } from 'zod';

export const booleanString = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

export const positiveInt = z.coerce
  .number({ message: 'must be a number' })
  .int('must be an integer')
  .positive('must be greater than 0');

export const nonNegativeInt = z.coerce
  .number({ message: 'must be a number' })
  .int('must be an integer')
  .min(0, 'must be 0 or more');

export const port = z.coerce
  .number({ message: 'must be a number' })
  .int('must be an integer')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

export const commaList = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

/** Web origins as a browser sends them (scheme, host, port; no path), or `*`. */
export const corsOrigins = commaList.superRefine((origins, context) => {
  for (const origin of origins) {
    if (origin === '*' || isOrigin(origin)) continue;
    context.addIssue({
      code: 'custom',
      message: `"${origin}" is not an origin: give scheme, host and port only (https://app.example.edu), or *`,
    });
  }
});

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.origin === value;
  } catch {
    return false;
  }
}

/** `100kb`, `1mb`, `512b` or a plain number of bytes, as the body parser understands it. */
export const byteSize = z
  .string()
  .regex(/^\d+(\.\d+)?\s*(b|kb|mb)?$/i, 'must be a size such as 100kb, 1mb or 2048')
  .transform((v) => {
    const match = /^(\d+(?:\.\d+)?)\s*(b|kb|mb)?$/i.exec(v)!;
    const unit = (match[2] ?? 'b').toLowerCase();
    const factor = unit === 'mb' ? 1024 * 1024 : unit === 'kb' ? 1024 : 1;
    return Math.floor(Number(match[1]) * factor);
  });

/**
 * `false` (default): no proxy is trusted, `req.ip` is the socket address.
 * A number: that many proxy hops are trusted. Anything else: a comma list of addresses or
 * subnets handed to Express. A blanket `true` is refused: it lets clients spoof X-Forwarded-For.
 */
export const trustProxy = z
  .string()
  .refine((v) => v.trim().toLowerCase() !== 'true', {
    message: 'true would trust every X-Forwarded-For hop; give a hop count or a list of proxies',
  })
  .transform((v): false | number | string[] => {
    const t = v.trim();
    if (t === '' || t.toLowerCase() === 'false' || t === '0') return false;
    if (/^\d+$/.test(t)) return Number(t);
    return t
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  });

export const pem = z
  .string()
  .transform((v) => v.replace(/\\n/g, '\n').trim())
  .refine((v) => v.startsWith('-----BEGIN PUBLIC KEY-----'), {
    message: 'must be a PEM public key (-----BEGIN PUBLIC KEY-----)',
  });
