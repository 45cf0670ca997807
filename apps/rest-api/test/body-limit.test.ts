// A JSON body over BODY_LIMIT is refused with 413 on every operation, those without a body of
// their own included (the parser reads any body a request carries), and the OpenAPI document
// lists 413 on each (issue 53: `PATCH /solutions` answered an undocumented 413).
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/harness.js';
import { documentedOperations } from './support/openapi-walk.js';

const OVER_LIMIT = JSON.stringify({ text: 'x'.repeat(101 * 1024) });

/** Sends `body` as JSON with any method (fetch refuses a body on GET); answers status and code. */
function send(
  url: string,
  method: string,
  token: string,
  body: string,
): Promise<{ status: number; code?: string; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: method.toUpperCase(),
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          let code: string | undefined;
          try {
            code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
          } catch {
            code = undefined;
          }
          resolve({ status: res.statusCode ?? 0, code, text });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('the JSON body limit on every operation', () => {
  const { app, call, admin } = useApp();

  it('when any operation of the route table gets a JSON body over the limit, then 413 PAYLOAD_TOO_LARGE, which its document lists', async () => {
    type Operation = { responses: Record<string, unknown>; requestBody?: { content: object } };
    let checked = 0;
    for (const { path, concretePath, method, operation } of await documentedOperations<Operation>(
      call,
    )) {
      // Health and the reference answer before the body parser: they read no body.
      if (/\/(health|openapi\.json|docs)/.test(path)) continue;
      // The paper file's own limit (PAPER_FILE_MAX_BYTES) is tested with the uploads.
      if (operation.requestBody && !('application/json' in operation.requestBody.content)) continue;
      const where = `${method.toUpperCase()} ${path}`;
      expect(Object.keys(operation.responses), where).toContain('413');
      const res = await send(`${app.url}${concretePath}`, method, admin.token, OVER_LIMIT);
      expect(res.status, `${where}: ${res.text}`).toBe(413);
      expect(res.code).toBe('PAYLOAD_TOO_LARGE');
      checked += 1;
    }
    expect(checked).toBeGreaterThan(40);
  });
});
