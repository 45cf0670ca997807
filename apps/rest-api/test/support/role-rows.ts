// The role matrix's rows and what they are built from (roles.test.ts runs them): one row per
// route, the status each kind of caller gets.
import { Readable } from 'node:stream';
import { createModule, createTopic, uploadPaperFile } from '@qpc/domain';
import { makePaper, makeTree, samplePdf, uid } from '@qpc/domain/testing';
import type { CallerKind, TestUser } from '@qpc/domain/testing';

export type Statuses = Record<CallerKind, number>;
export interface Prepared {
  path: string;
  body?: unknown;
  /** A body sent as is (a PDF), with its headers. */
  rawBody?: string;
  headers?: Record<string, string>;
}
export interface Row {
  method: string;
  route: string;
  prepare: () => Promise<Prepared>;
  expected: Statuses;
}

export const CALLERS: CallerKind[] = ['anonymous', 'normal', 'editor', 'admin', 'deactivated'];
export const open = (ok = 200): Statuses => ({
  anonymous: ok,
  normal: ok,
  editor: ok,
  admin: ok,
  deactivated: ok,
});
export const anyUser = (ok: number): Statuses => ({
  anonymous: 401,
  normal: ok,
  editor: ok,
  admin: ok,
  deactivated: 403,
});
export const editors = (ok: number): Statuses => ({
  anonymous: 401,
  normal: 403,
  editor: ok,
  admin: ok,
  deactivated: 403,
});
export const admins = (ok: number): Statuses => ({
  anonymous: 401,
  normal: 403,
  editor: 403,
  admin: ok,
  deactivated: 403,
});

/** A row's preparation that always asks for `path` (with `body`). */
export const fixed = (path: string, body?: unknown) => async (): Promise<Prepared> => ({
  path,
  body,
});

/** A GET row for a fixed path (the route itself when not given). */
export const getRow = (route: string, path = route, expected: Statuses = open()): Row => ({
  method: 'GET',
  route,
  prepare: fixed(path),
  expected,
});

/** A POST row to `route` itself, its body made afresh for each call; for editors (201) by default. */
export const postRow = (
  route: string,
  body: () => unknown,
  expected: Statuses = editors(201),
): Row => ({
  method: 'POST',
  route,
  prepare: async () => ({ path: route, body: await body() }),
  expected,
});

/**
 * A row acting on a fresh resource `make` creates each time: the route's first parameter becomes
 * its id. A PATCH is for editors (200) and a DELETE for admins (204) unless `expected` says
 * otherwise.
 */
export function freshRow(
  method: 'PATCH' | 'DELETE' | 'POST',
  route: string,
  make: () => Promise<{ id: string }>,
  options: { body?: unknown; expected?: Statuses } = {},
): Row {
  return {
    method,
    route,
    prepare: async () => ({ path: route.replace(/:\w+/, (await make()).id), body: options.body }),
    expected: options.expected ?? (method === 'PATCH' ? editors(200) : admins(204)),
  };
}

/** What the rows are built from: the fixture owner, its catalog tree, and fresh-resource makers. */
export interface RowContext {
  owner: TestUser;
  tree: Awaited<ReturnType<typeof makeTree>>;
  a: () => TestUser['actor'];
  fixed: (path: string, body?: unknown) => () => Promise<Prepared>;
  freshModule: () => ReturnType<typeof createModule>;
  freshTopic: () => ReturnType<typeof createTopic>;
  attachFile: (id: string) => ReturnType<typeof uploadPaperFile>;
  paperWithFile: () => ReturnType<typeof uploadPaperFile>;
}

/** Makes the fixture owner's tree (with a file on its paper) and the makers the rows use. */
export async function makeRowContext(owner: TestUser): Promise<RowContext> {
  const tree = await makeTree(owner.actor);
  const a = () => owner.actor;
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
  return { owner, tree, a, fixed, freshModule, freshTopic, attachFile, paperWithFile };
}
