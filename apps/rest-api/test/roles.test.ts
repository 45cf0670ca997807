// The role matrix: one row per route, the status each kind of caller gets. A route missing from
// the app answers 404 and fails its row; a route missing from this table fails the coverage test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathShape } from '../src/openapi/document.js';
import { routeTable } from '../src/routes/table.js';
import { client } from './support/api.js';
import type { Call } from './support/api.js';
import {
  makeBranch,
  makeOffering,
  makePaper,
  makeQuestion,
  makeSemester,
  makeSolution,
  makeSubject,
  makeTree,
  makeUniversity,
  uid,
} from './support/fixtures.js';
import { startApp } from './support/harness.js';
import type { RunningApp } from './support/harness.js';
import { makeCallers, makeUser } from './support/users.js';
import type { CallerKind, TestUser } from './support/users.js';
import { Readable } from 'node:stream';
import {
  createModule,
  createSubjectOffering,
  createTopic,
  initSyllabus,
  rolesFor,
  uploadPaperFile,
} from '@qpc/domain';
import { paperDraftsSettled, samplePdf } from '@qpc/domain/testing';

type Statuses = Record<CallerKind, number>;
interface Prepared {
  path: string;
  body?: unknown;
  /** A body sent as is (a PDF), with its headers. */
  rawBody?: string;
  headers?: Record<string, string>;
}
interface Row {
  method: string;
  route: string;
  prepare: () => Promise<Prepared>;
  expected: Statuses;
}

const CALLERS: CallerKind[] = ['anonymous', 'normal', 'editor', 'admin', 'deactivated'];
const open = (ok = 200): Statuses => ({
  anonymous: ok,
  normal: ok,
  editor: ok,
  admin: ok,
  deactivated: ok,
});
const anyUser = (ok: number): Statuses => ({
  anonymous: 401,
  normal: ok,
  editor: ok,
  admin: ok,
  deactivated: 403,
});
const editors = (ok: number): Statuses => ({
  anonymous: 401,
  normal: 403,
  editor: ok,
  admin: ok,
  deactivated: 403,
});
const admins = (ok: number): Statuses => ({
  anonymous: 401,
  normal: 403,
  editor: 403,
  admin: ok,
  deactivated: 403,
});

describe('role matrix', () => {
  let app: RunningApp;
  let call: Call;
  let owner: TestUser;
  let callers: Record<Exclude<CallerKind, 'anonymous'>, TestUser>;
  let tree: Awaited<ReturnType<typeof makeTree>>;
  let rows: Row[];

  beforeAll(async () => {
    app = await startApp();
    call = client(app.url);
    // The fixture owner is nobody in the matrix, so every caller may vote on its solution.
    owner = await makeUser('admin');
    callers = await makeCallers();
    tree = await makeTree(owner.actor);
    const a = () => owner.actor;
    const fixed = (path: string, body?: unknown) => async (): Promise<Prepared> => ({ path, body });
    const freshModule = () =>
      createModule({
        actor: a(),
        input: { subjectOfferingId: tree.offering.id, title: `M ${uid()}` },
      });
    const freshTopic = () =>
      createTopic({ actor: a(), input: { moduleId: tree.module.id, title: `T ${uid()}` } });
    const attachFile = (id: string) => {
      const pdf = samplePdf(`Paper ${uid()}`);
      return uploadPaperFile({ actor: a(), id, body: Readable.from([pdf]), maxBytes: pdf.length });
    };
    const paperWithFile = async () => attachFile((await makePaper(a(), tree.offering.id)).id);
    await attachFile(tree.paper.id);
    rows = [
      { method: 'GET', route: '/health', prepare: fixed('/health'), expected: open() },
      {
        method: 'GET',
        route: '/health/detailed',
        prepare: fixed('/health/detailed'),
        expected: open(),
      },
      { method: 'GET', route: '/openapi.json', prepare: fixed('/openapi.json'), expected: open() },
      { method: 'GET', route: '/docs', prepare: fixed('/docs'), expected: open() },

      { method: 'GET', route: '/universities', prepare: fixed('/universities'), expected: open() },
      {
        method: 'GET',
        route: '/universities/:slug',
        prepare: fixed(`/universities/${tree.university.slug}`),
        expected: open(),
      },
      {
        method: 'POST',
        route: '/universities',
        prepare: async () => ({
          path: '/universities',
          body: { name: `U ${uid()}`, shortName: 'U' },
        }),
        expected: editors(201),
      },
      {
        method: 'PATCH',
        route: '/universities/:id',
        prepare: async () => ({
          path: `/universities/${(await makeUniversity(a())).id}`,
          body: { shortName: 'NEW' },
        }),
        expected: editors(200),
      },
      {
        method: 'DELETE',
        route: '/universities/:id',
        prepare: async () => ({ path: `/universities/${(await makeUniversity(a())).id}` }),
        expected: admins(204),
      },

      { method: 'GET', route: '/branches', prepare: fixed('/branches'), expected: open() },
      {
        method: 'POST',
        route: '/branches',
        prepare: async () => ({
          path: '/branches',
          body: { universityId: tree.university.id, name: `B ${uid()}` },
        }),
        expected: editors(201),
      },
      {
        method: 'PATCH',
        route: '/branches/:id',
        prepare: async () => ({
          path: `/branches/${(await makeBranch(a(), tree.university.id)).id}`,
          body: { name: `Renamed ${uid()}` },
        }),
        expected: editors(200),
      },
      {
        method: 'DELETE',
        route: '/branches/:id',
        prepare: async () => ({
          path: `/branches/${(await makeBranch(a(), tree.university.id)).id}`,
        }),
        expected: admins(204),
      },

      { method: 'GET', route: '/semesters', prepare: fixed('/semesters'), expected: open() },
      {
        method: 'POST',
        route: '/semesters',
        prepare: async () => ({
          path: '/semesters',
          body: { branchId: (await makeBranch(a(), tree.university.id)).id, number: 3 },
        }),
        expected: editors(201),
      },
      {
        method: 'PATCH',
        route: '/semesters/:id',
        prepare: async () => {
          const branch = await makeBranch(a(), tree.university.id);
          return {
            path: `/semesters/${(await makeSemester(a(), branch.id)).id}`,
            body: { name: 'III-I' },
          };
        },
        expected: editors(200),
      },
      {
        method: 'DELETE',
        route: '/semesters/:id',
        prepare: async () => {
          const branch = await makeBranch(a(), tree.university.id);
          return { path: `/semesters/${(await makeSemester(a(), branch.id)).id}` };
        },
        expected: admins(204),
      },

      { method: 'GET', route: '/subjects', prepare: fixed('/subjects'), expected: open() },
      {
        method: 'GET',
        route: '/subjects/:slug',
        prepare: fixed(`/subjects/${tree.subject.slug}`),
        expected: open(),
      },
      {
        method: 'POST',
        route: '/subjects',
        prepare: async () => ({ path: '/subjects', body: { name: `Subject ${uid()}` } }),
        expected: editors(201),
      },
      {
        method: 'PATCH',
        route: '/subjects/:id',
        prepare: async () => ({
          path: `/subjects/${(await makeSubject(a())).id}`,
          body: { description: 'd' },
        }),
        expected: editors(200),
      },
      {
        method: 'DELETE',
        route: '/subjects/:id',
        prepare: async () => ({ path: `/subjects/${(await makeSubject(a())).id}` }),
        expected: admins(204),
      },

      {
        method: 'GET',
        route: '/subject-offerings',
        prepare: fixed('/subject-offerings'),
        expected: open(),
      },
      {
        method: 'POST',
        route: '/subject-offerings',
        prepare: async () => ({
          path: '/subject-offerings',
          body: {
            universityId: tree.university.id,
            branchId: tree.branch.id,
            semesterId: tree.semester.id,
            subjectId: (await makeSubject(a())).id,
          },
        }),
        expected: editors(201),
      },
      {
        method: 'DELETE',
        route: '/subject-offerings/:id',
        prepare: async () => {
          const offering = await createSubjectOffering({
            actor: a(),
            input: {
              universityId: tree.university.id,
              branchId: tree.branch.id,
              semesterId: tree.semester.id,
              subjectId: (await makeSubject(a())).id,
            },
          });
          return { path: `/subject-offerings/${offering.id}` };
        },
        expected: admins(204),
      },

      {
        method: 'GET',
        route: '/subject-offerings/:id',
        prepare: fixed(`/subject-offerings/${tree.offering.id}`),
        expected: open(),
      },
      { method: 'GET', route: '/search', prepare: fixed('/search?q=question'), expected: open() },
      {
        method: 'GET',
        route: '/subject-offerings/:id/coverage',
        prepare: fixed(`/subject-offerings/${tree.offering.id}/coverage`),
        expected: open(),
      },
      {
        method: 'DELETE',
        route: '/subject-offerings/:subjectOfferingId/syllabus',
        prepare: async () => {
          const { offering } = await makeOffering(a());
          await initSyllabus({ actor: a(), input: { subjectOfferingId: offering.id } });
          return { path: `/subject-offerings/${offering.id}/syllabus` };
        },
        expected: admins(204),
      },
      {
        method: 'GET',
        route: '/modules/:id',
        prepare: fixed(`/modules/${tree.module.id}`),
        expected: open(),
      },
      {
        method: 'PATCH',
        route: '/modules/:id',
        prepare: async () => ({
          path: `/modules/${(await freshModule()).id}`,
          body: { title: 'Renamed' },
        }),
        expected: editors(200),
      },
      {
        method: 'DELETE',
        route: '/modules/:id',
        prepare: async () => ({ path: `/modules/${(await freshModule()).id}` }),
        expected: admins(204),
      },
      {
        method: 'GET',
        route: '/topics/:id',
        prepare: fixed(`/topics/${tree.topic.id}`),
        expected: open(),
      },
      {
        method: 'PATCH',
        route: '/topics/:id',
        prepare: async () => ({ path: `/topics/${(await freshTopic()).id}`, body: { order: 7 } }),
        expected: editors(200),
      },
      {
        method: 'DELETE',
        route: '/topics/:id',
        prepare: async () => ({ path: `/topics/${(await freshTopic()).id}` }),
        expected: admins(204),
      },
      {
        method: 'GET',
        route: '/subject-offerings/:subjectOfferingId/syllabus',
        prepare: fixed(`/subject-offerings/${tree.offering.id}/syllabus`),
        expected: open(),
      },
      {
        method: 'POST',
        route: '/syllabus',
        prepare: async () => ({
          path: '/syllabus',
          body: { subjectOfferingId: (await makeOffering(a())).offering.id },
        }),
        expected: editors(201),
      },
      {
        method: 'POST',
        route: '/modules',
        prepare: fixed('/modules', {
          subjectOfferingId: tree.offering.id,
          title: 'Another module',
        }),
        expected: editors(201),
      },
      {
        method: 'POST',
        route: '/topics',
        prepare: fixed('/topics', { moduleId: tree.module.id, title: 'Another topic' }),
        expected: editors(201),
      },
      {
        method: 'GET',
        route: '/modules/:id/questions',
        prepare: fixed(`/modules/${tree.module.id}/questions`),
        expected: open(),
      },
      {
        method: 'GET',
        route: '/topics/:id/questions',
        prepare: fixed(`/topics/${tree.topic.id}/questions`),
        expected: open(),
      },

      { method: 'GET', route: '/papers', prepare: fixed('/papers'), expected: open() },
      {
        method: 'GET',
        route: '/papers/:slug',
        prepare: fixed(`/papers/${tree.paper.slug}`),
        expected: open(),
      },
      {
        method: 'POST',
        route: '/papers',
        prepare: fixed('/papers', {
          subjectOfferingId: tree.offering.id,
          examYear: 2021,
          examType: 'mid-term',
        }),
        expected: editors(201),
      },
      {
        method: 'PATCH',
        route: '/papers/:id',
        prepare: async () => ({
          path: `/papers/${(await makePaper(a(), tree.offering.id, { status: 'pending' })).id}`,
          body: { title: 'Retitled' },
        }),
        expected: editors(200),
      },
      {
        method: 'PATCH',
        route: '/papers/:id/status',
        prepare: async () => ({
          path: `/papers/${(await makePaper(a(), tree.offering.id, { status: 'pending' })).id}/status`,
          body: { status: 'approved' },
        }),
        expected: admins(200),
      },
      {
        method: 'DELETE',
        route: '/papers/:id',
        prepare: async () => ({ path: `/papers/${(await makePaper(a(), tree.offering.id)).id}` }),
        expected: admins(204),
      },
      {
        method: 'PUT',
        route: '/papers/:id/file',
        prepare: async () => ({
          path: `/papers/${(await makePaper(a(), tree.offering.id)).id}/file`,
          rawBody: samplePdf(`Paper ${uid()}`).toString('latin1'),
          headers: { 'content-type': 'application/pdf' },
        }),
        expected: editors(200),
      },
      {
        method: 'GET',
        route: '/papers/:id/file',
        prepare: fixed(`/papers/${tree.paper.id}/file`),
        expected: open(),
      },
      {
        method: 'DELETE',
        route: '/papers/:id/file',
        prepare: async () => ({ path: `/papers/${(await paperWithFile()).id}/file` }),
        expected: admins(204),
      },
      {
        method: 'GET',
        route: '/papers/:id/drafts',
        prepare: fixed(`/papers/${tree.paper.id}/drafts`),
        expected: editors(200),
      },
      {
        method: 'POST',
        route: '/papers/:id/drafts/accept',
        prepare: async () => {
          const paper = await makePaper(a(), tree.offering.id);
          const pdf = samplePdf(`Paper ${uid()}`, ['1. Define entropy. [2 marks]']);
          await uploadPaperFile({
            actor: a(),
            id: paper.id,
            body: Readable.from([pdf]),
            maxBytes: pdf.length,
          });
          await paperDraftsSettled(paper.id);
          return { path: `/papers/${paper.id}/drafts/accept`, body: { drafts: [{ index: 0 }] } };
        },
        expected: editors(201),
      },

      { method: 'GET', route: '/questions', prepare: fixed('/questions'), expected: open() },
      {
        method: 'GET',
        route: '/questions/slug/:slug',
        prepare: fixed(`/questions/slug/${tree.question.slug}`),
        expected: open(),
      },
      {
        method: 'GET',
        route: '/questions/:id',
        prepare: fixed(`/questions/${tree.question.id}`),
        expected: open(),
      },
      {
        method: 'GET',
        route: '/questions/:id/similar',
        prepare: fixed(`/questions/${tree.question.id}/similar`),
        expected: open(),
      },
      {
        method: 'POST',
        route: '/questions',
        prepare: fixed('/questions', {
          paperId: tree.paper.id,
          text: 'Define entropy.',
          type: 'short',
          difficulty: 'easy',
        }),
        expected: editors(201),
      },
      {
        method: 'PATCH',
        route: '/questions/:id',
        prepare: async () => ({
          path: `/questions/${(await makeQuestion(a(), tree.paper.id)).id}`,
          body: { difficulty: 'hard' },
        }),
        expected: editors(200),
      },
      {
        method: 'DELETE',
        route: '/questions/:id',
        prepare: async () => ({
          path: `/questions/${(await makeQuestion(a(), tree.paper.id)).id}`,
        }),
        expected: admins(204),
      },

      { method: 'GET', route: '/solutions', prepare: fixed('/solutions'), expected: open() },
      {
        method: 'POST',
        route: '/solutions',
        prepare: fixed('/solutions', { questionId: tree.question.id, content: 'Worked answer' }),
        expected: anyUser(201),
      },
      {
        method: 'GET',
        route: '/solutions/:id',
        prepare: fixed(`/solutions/${tree.solution.id}`),
        expected: open(),
      },
      {
        // Only the author edits: the fixture owner wrote it, and nobody in the matrix is the owner.
        method: 'PATCH',
        route: '/solutions/:id',
        prepare: async () => ({
          path: `/solutions/${(await makeSolution(a(), tree.question.id)).id}`,
          body: { content: 'Edited' },
        }),
        expected: { anonymous: 401, normal: 403, editor: 403, admin: 403, deactivated: 403 },
      },
      {
        // The author or an admin deletes.
        method: 'DELETE',
        route: '/solutions/:id',
        prepare: async () => ({
          path: `/solutions/${(await makeSolution(a(), tree.question.id)).id}`,
        }),
        expected: admins(204),
      },
      {
        method: 'PATCH',
        route: '/solutions/:id/vote',
        prepare: fixed(`/solutions/${tree.solution.id}/vote`, { value: 1 }),
        expected: anyUser(200),
      },

      { method: 'GET', route: '/users/me', prepare: fixed('/users/me'), expected: anyUser(200) },
      { method: 'GET', route: '/users', prepare: fixed('/users'), expected: admins(200) },
      {
        method: 'GET',
        route: '/users/:externalId',
        prepare: fixed(`/users/${owner.sub}`),
        expected: admins(200),
      },
      {
        method: 'PATCH',
        route: '/users/:externalId',
        prepare: async () => ({
          path: `/users/${(await makeUser('normal')).sub}`,
          body: { role: 'editor' },
        }),
        expected: admins(200),
      },
    ];
  });
  afterAll(async () => app.close());

  it('when the matrix is compared with the route table and the OpenAPI document, then every route has exactly one row', async () => {
    const matrix = rows.map((r) => `${r.method} ${r.route}`).sort();
    expect(new Set(matrix).size).toBe(matrix.length);
    const table = routeTable.map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(table.filter((key) => !matrix.includes(key))).toEqual([]);
    // The document names a shared parameter `{slugOrId}`: compare with parameter names erased.
    const documented = Object.entries(
      (await call('GET', '/openapi.json')).body.paths as Record<string, object>,
    )
      .flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => pathShape(`${m.toUpperCase()} ${path.replace('/api/v1', '')}`)),
      )
      .sort();
    expect(matrix.map(pathShape).sort()).toEqual(documented);
  });

  it("when each route's domain action is compared with its row, then the roles ACTIONS allow are exactly the callers who pass", () => {
    const failures: string[] = [];
    for (const route of routeTable) {
      const key = `${route.method.toUpperCase()} ${route.path}`;
      const row = rows.find((r) => `${r.method} ${r.route}` === key);
      if (!row) continue; // the coverage test above names it
      const action = route.action;
      for (const kind of CALLERS) {
        const mayCall =
          action === null ||
          (kind !== 'anonymous' &&
            kind !== 'deactivated' &&
            (rolesFor(action) as readonly string[]).includes(kind));
        const passes = row.expected[kind] !== 401 && row.expected[kind] !== 403;
        // Owner-only routes: the action is necessary, not sufficient (the row's resource is
        // nobody's in the matrix), so a caller the action refuses must never pass.
        const isWrong = route.ownerOnly ? passes && !mayCall : mayCall !== passes;
        if (isWrong)
          failures.push(
            `${key} (${action ?? 'public'}) as ${kind}: row says ${row.expected[kind]}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });

  it('when every route is called by every kind of caller, then each gets the contract status, a documented one', async () => {
    const paths = (await call('GET', '/openapi.json')).body.paths as Record<
      string,
      Record<string, { responses: object }>
    >;
    const failures: string[] = [];
    for (const row of rows) {
      const path =
        Object.keys(paths).find((p) => pathShape(p) === pathShape(`/api/v1${row.route}`)) ?? '';
      const documented = Object.keys(paths[path]?.[row.method.toLowerCase()]?.responses ?? {});
      for (const kind of CALLERS) {
        const { path, body, rawBody, headers } = await row.prepare();
        const token = kind === 'anonymous' ? undefined : callers[kind].token;
        const res = await call(row.method, path, { token, body, rawBody, headers });
        if (res.status !== row.expected[kind]) {
          failures.push(
            `${row.method} ${row.route} as ${kind}: expected ${row.expected[kind]}, got ${res.status} ${res.text.slice(0, 160)}`,
          );
        }
        if (!documented.includes(String(res.status)))
          failures.push(`${row.method} ${row.route}: ${res.status} is not documented`);
        if (res.status === 401) expect(res.body.error.code).toBe('UNAUTHENTICATED');
        if (res.status === 403) expect(res.body.error.code).toBe('FORBIDDEN');
      }
    }
    expect(failures).toEqual([]);
    // Each paper-file row parses its PDF in a worker thread: generous on a busy machine.
  }, 180_000);

  it('when a caller sends a token, then the answer carries Cache-Control: no-store; anonymous reads do not', async () => {
    const signedIn = await call('GET', `/universities/${tree.university.slug}`, {
      token: callers.normal.token,
    });
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    const anonymous = await call('GET', `/universities/${tree.university.slug}`);
    expect(anonymous.headers.get('cache-control')).toBeNull();
  });
});
