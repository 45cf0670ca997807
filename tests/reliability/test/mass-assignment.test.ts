import { tokenFor } from '@qpc/server-kit/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_SUB, baseEnv, startService } from './support/processes.js';
import type { ServiceProcess } from './support/processes.js';

// Fields no write route lets a caller set: identity, timestamps, authorship, derived counts,
// history. Routes that exist to set `role`, `status` or `isActive` still refuse these.
const FORBIDDEN: Record<string, unknown> = {
  id: '0123456789abcdef01234567',
  _id: '0123456789abcdef01234567',
  createdAt: '2000-01-01T00:00:00.000Z',
  updatedAt: '2000-01-01T00:00:00.000Z',
  authorId: '0123456789abcdef01234567',
  createdBy: '0123456789abcdef01234567',
  upvotes: 1000,
  downvotes: 0,
  score: 1000,
  myVote: 1,
  statusHistory: [],
  deletedAt: null,
  externalId: 'someone_else',
};

interface Operation {
  method: 'POST' | 'PATCH';
  path: string;
}

describe('mass assignment on every write route of the OpenAPI document', () => {
  let app: ServiceProcess;
  let operations: Operation[] = [];
  let token: string;

  beforeAll(async () => {
    app = await startService(
      'rest-api',
      baseEnv({ MONGODB_URI: `${inject('mongoUri')}mass_assignment` }),
    );
    token = await tokenFor(ADMIN_SUB);
    const document = (await fetch(`${app.url}/api/v1/openapi.json`).then((r) => r.json())) as {
      paths: Record<string, Record<string, unknown>>;
    };
    // Routes whose body is a file (a paper from its PDF) take no fields to smuggle in.
    const takesFile = (operation: unknown) => {
      const content = (operation as { requestBody?: { content?: Record<string, unknown> } })
        .requestBody?.content;
      return content !== undefined && !('application/json' in content);
    };
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      (['post', 'patch'] as const)
        .filter((m) => m in item && !takesFile(item[m]))
        .map((m) => ({ method: m.toUpperCase() as 'POST' | 'PATCH', path })),
    );
  });
  afterAll(async () => app?.stop());

  it('when any write route receives a field the caller may not set, then 400 VALIDATION_ERROR names it', async () => {
    expect(operations.length).toBeGreaterThanOrEqual(20);
    const failures: string[] = [];
    for (const { method, path } of operations) {
      // Any well-formed id: the body is refused before the resource is looked up.
      const url = `${app.url}${path.replace(/\{[^}]+\}/g, '0123456789abcdef01234567')}`;
      for (const [field, value] of Object.entries(FORBIDDEN)) {
        const res = await fetch(url, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ [field]: value }),
        });
        const body = (await res.json().catch(() => null)) as {
          error?: { code?: string; details?: { message: string; path: string }[] };
        } | null;
        const named = JSON.stringify(body?.error?.details ?? []).includes(field);
        if (res.status !== 400 || body?.error?.code !== 'VALIDATION_ERROR' || !named) {
          failures.push(
            `${method} ${path} with ${field}: ${res.status} ${JSON.stringify(body?.error)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
