// Property tests over HTTP (contract, fourth release, "No write is half done"): arbitrary Unicode
// names and titles posted to the real REST app on the real database. Every answer is 201 with a
// resource that reads back, or a 400/409 in the error envelope that created nothing; never a 500
// or a 503. fast-check prints the seed and path of a failing run.
import { makeTree, PaperModel, UniversityModel } from '@qpc/domain/testing';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiResponse } from './support/api.js';
import { useApp } from './support/harness.js';

/** The texts that broke a derived field once, or could: the "©" probe among them. */
const HARD_TEXTS = [
  '©',
  'È',
  '中文大学',
  'Ørsted',
  'e\u0301\u0301',
  '😀🎓',
  '👩🏽‍🔬',
  'עברית',
  'مرحبا',
  '\u202eevil',
  '𝔘𝔫𝔦',
  '\u200b',
  '   ',
  '\u0000',
  '\ud800',
  'x\udfff',
  '$where',
  'a.b',
];

const text = (maxLength: number) =>
  fc.oneof(
    fc.constantFrom(...HARD_TEXTS),
    fc.string({ unit: 'grapheme', maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    fc
      .array(fc.oneof(fc.constantFrom(...HARD_TEXTS), fc.string({ maxLength: 4 })), {
        maxLength: 5,
      })
      .map((pieces) => pieces.join('')),
  );

const RUNS = { numRuns: 25, verbose: 1 } as const;
/** 25 runs of two or three requests each, on a loaded machine. */
const PROPERTY_TIMEOUT = 180_000;

/** A refusal in the envelope, or the created resource: never another status. */
function expectCreatedOrRefused(res: ApiResponse): void {
  expect([201, 400, 409]).toContain(res.status);
  if (res.status === 201) {
    expect(res.body.success).toBe(true);
  } else {
    expect(res.body).toMatchObject({ success: false, error: { code: expect.any(String) } });
  }
}

describe('creates over HTTP with arbitrary Unicode', () => {
  const { call, callers, editor } = useApp();
  let offeringId: string;
  beforeAll(async () => {
    offeringId = (await makeTree(callers.admin.actor)).offering.id;
  });

  it('when the "©" university is posted, then 201 and it reads back whole', async () => {
    const res = await call('POST', '/universities', {
      token: editor.token,
      body: { name: '©', shortName: 'È' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: '©',
      shortName: 'È',
      slug: expect.stringMatching(/^c(-\d+)?$/),
    });
    const read = await call('GET', `/universities/${res.body.data.slug}`);
    expect(read.status).toBe(200);
    const found = await call('GET', `/universities?search=${encodeURIComponent('©')}&limit=100`);
    expect(found.body.data.map((u: { id: string }) => u.id)).toContain(res.body.data.id);
  });

  it(
    'when universities are posted, then each is 201 and reads back by slug, or refused with nothing created',
    async () => {
      await fc.assert(
        fc.asyncProperty(text(40), text(15), async (name, shortName) => {
          const before = await UniversityModel.countDocuments();
          const res = await call('POST', '/universities', {
            token: editor.token,
            body: { name, shortName },
          });
          expectCreatedOrRefused(res);
          if (res.status !== 201) {
            expect(await UniversityModel.countDocuments()).toBe(before);
            return;
          }
          const read = await call('GET', `/universities/${res.body.data.slug}`);
          expect(read.status).toBe(200);
          expect(read.body.data).toEqual(res.body.data);
        }),
        RUNS,
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'when papers are posted, then each is 201 and reads back by slug, or refused with nothing created',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.option(text(60), { nil: undefined }), async (title) => {
          const before = await PaperModel.countDocuments();
          const res = await call('POST', '/papers', {
            token: editor.token,
            body: { subjectOfferingId: offeringId, examYear: 2021, examType: 'quiz', title },
          });
          expectCreatedOrRefused(res);
          if (res.status !== 201) {
            expect(await PaperModel.countDocuments()).toBe(before);
            return;
          }
          const read = await call('GET', `/papers/${res.body.data.slug}`, { token: editor.token });
          expect(read.status).toBe(200);
          expect(read.body.data.id).toBe(res.body.data.id);
          expect(read.body.data.title).toBe(res.body.data.title);
        }),
        RUNS,
      );
    },
    PROPERTY_TIMEOUT,
  );
});
