// Parity with REST: REST returns the domain services' results verbatim, so the graph must give the
// same data, field by field, for the same caller. The selections are built from the services'
// own results, so a REST field missing from the schema fails the query.
import {
  getMe,
  getQuestionById,
  getSubjectBySlug,
  getSubjectOfferingById,
  getSyllabus,
  getUniversityBySlug,
  listBranches,
  listPapers,
  listQuestions,
  listSemesters,
  listSolutions,
  listSubjectOfferings,
  listUniversities,
  listUsers,
  voteSolution,
} from '@qpc/domain';
import type { Actor } from '@qpc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorOf, makeActor as makeUser, makeCallers, makeCatalog } from '@qpc/domain/testing';
import type { Catalog, TestCallers as Callers } from '@qpc/domain/testing';
import { startGateway } from './support/harness.js';
import type { RunningGateway } from './support/harness.js';
import type { CallerKind as RequestCaller } from '@qpc/domain/testing';

let gw: RunningGateway;
let callers: Callers;
let admin: Actor;
let normal: Actor;
let catalog: Catalog;

beforeAll(async () => {
  gw = await startGateway();
  callers = await makeCallers();
  admin = await actorOf(callers.sub('admin'));
  normal = await actorOf(callers.sub('normal'));
  catalog = await makeCatalog(admin, await makeUser('normal'));
  await voteSolution({ actor: normal, id: catalog.solution.id, input: { value: 1 } });
});
afterAll(async () => gw.close());

/** Fields whose GraphQL values are enums: `END_TERM` there is `end-term` in REST. */
const ENUM_FIELDS = new Set(['examType', 'status', 'type', 'difficulty', 'role', 'from', 'to']);

/** Object fields a result may hold as null, with the subfields to ask for. */
const NULLABLE_OBJECTS: Record<string, string> = { file: 'size sha256 uploadedAt' };

/** A selection set asking for every field of a service result (nested objects and lists included). */
function selectionOf(value: Record<string, unknown>): string {
  return Object.entries(value)
    .map(([key, field]) => {
      if (field === null && NULLABLE_OBJECTS[key]) return `${key} { ${NULLABLE_OBJECTS[key]} }`;
      const sample = Array.isArray(field) ? field[0] : field;
      if (sample && typeof sample === 'object')
        return `${key} { ${selectionOf(sample as Record<string, unknown>)} }`;
      return key;
    })
    .join(' ');
}

/** A GraphQL result in REST terms: enum names back to the REST strings. */
function asRest(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => asRest(item, key));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asRest(v, k)]));
  }
  if (typeof value === 'string' && ENUM_FIELDS.has(key))
    return value.toLowerCase().replace(/_/g, '-');
  return value;
}

async function graph(
  caller: RequestCaller,
  query: string,
  variables?: Record<string, unknown>,
): Promise<any> {
  const { body } = await gw.gql(query, variables, callers.headers(caller));
  expect(body.errors).toBeUndefined();
  return asRest(body.data);
}

function listSelection(page: { items: Record<string, unknown>[] }): string {
  expect(page.items.length).toBeGreaterThan(0);
  return `items { ${selectionOf(page.items[0]!)} } pagination { page limit total totalPages hasNextPage hasPrevPage }`;
}

describe('parity with the domain services (REST bodies)', () => {
  it('when a university is read and listed, then the graph equals getUniversityBySlug and listUniversities', async () => {
    const rest = await getUniversityBySlug({ actor: null, slug: catalog.university.slug });
    const one = await graph(
      'anonymous',
      `query ($s: Slug!) { university(slug: $s) { ${selectionOf(rest)} } }`,
      { s: rest.slug },
    );
    expect(one.university).toEqual(rest);
    const query = { search: catalog.university.name, limit: 5 };
    const page = await listUniversities({ actor: null, query });
    const list = await graph(
      'anonymous',
      `query ($search: String, $limit: PageSize) { universities(search: $search, limit: $limit) { ${listSelection(page)} } }`,
      query,
    );
    expect(list.universities).toEqual(page);
  });

  it('when branches and semesters are listed, then the graph equals listBranches and listSemesters', async () => {
    const branches = await listBranches({
      actor: null,
      query: { universityId: catalog.university.id },
    });
    const b = await graph(
      'anonymous',
      `query ($u: ObjectID) { branches(universityId: $u) { ${listSelection(branches)} } }`,
      { u: catalog.university.id },
    );
    expect(b.branches).toEqual(branches);
    const semesters = await listSemesters({ actor: null, query: { branchId: catalog.branch.id } });
    const s = await graph(
      'anonymous',
      `query ($b: ObjectID) { semesters(branchId: $b) { ${listSelection(semesters)} } }`,
      { b: catalog.branch.id },
    );
    expect(s.semesters).toEqual(semesters);
  });

  it('when a subject and an offering are read, then the graph equals getSubjectBySlug, getSubjectOfferingById and listSubjectOfferings', async () => {
    const subject = await getSubjectBySlug({ actor: null, slug: catalog.subject.slug });
    expect(
      (await graph('anonymous', `{ subject(slug: "${subject.slug}") { ${selectionOf(subject)} } }`))
        .subject,
    ).toEqual(subject);
    const offering = await getSubjectOfferingById({ actor: null, id: catalog.offering.id });
    expect(
      (
        await graph(
          'anonymous',
          `{ subjectOffering(id: "${offering.id}") { ${selectionOf(offering)} } }`,
        )
      ).subjectOffering,
    ).toEqual(offering);
    const page = await listSubjectOfferings({
      actor: null,
      query: { subjectId: catalog.subject.id },
    });
    const list = await graph(
      'anonymous',
      `{ subjectOfferings(subjectId: "${catalog.subject.id}") { ${listSelection(page)} } }`,
    );
    expect(list.subjectOfferings).toEqual(page);
  });

  it('when the syllabus is read, then the graph equals getSyllabus, modules and topics included', async () => {
    const rest = await getSyllabus({ actor: null, subjectOfferingId: catalog.offering.id });
    expect(rest.modules[0]?.topics.length).toBeGreaterThan(0);
    const { syllabus } = await graph(
      'anonymous',
      `{ syllabus(subjectOfferingId: "${catalog.offering.id}") { ${selectionOf(rest)} } }`,
    );
    expect(syllabus).toEqual(rest);
  });

  it('when papers are listed by an anonymous caller and by an editor, then the graph equals listPapers for each', async () => {
    const query = { subjectOfferingId: catalog.offering.id };
    const anonymous = await listPapers({ actor: null, query });
    expect(anonymous.items).toHaveLength(1);
    const a = await graph(
      'anonymous',
      `query ($o: ObjectID) { papers(subjectOfferingId: $o) { ${listSelection(anonymous)} } }`,
      { o: query.subjectOfferingId },
    );
    expect(a.papers).toEqual(anonymous);
    const editor = await actorOf(callers.sub('editor'));
    const all = await listPapers({ actor: editor, query });
    expect(all.items).toHaveLength(2);
    expect(all.items[1]?.statusHistory?.length).toBeGreaterThan(0);
    const e = await graph(
      'editor',
      `query ($o: ObjectID) { papers(subjectOfferingId: $o) { ${listSelection({ items: [all.items[1]!] })} } }`,
      {
        o: query.subjectOfferingId,
      },
    );
    expect(e.papers).toEqual(all);
  });

  it('when questions are listed and read, then the graph equals listQuestions and getQuestionById', async () => {
    const page = await listQuestions({ actor: null, query: { paperId: catalog.approved.id } });
    const list = await graph(
      'anonymous',
      `{ questions(paperId: "${catalog.approved.id}") { ${listSelection(page)} } }`,
    );
    expect(list.questions).toEqual(page);
    const one = await getQuestionById({ actor: null, id: catalog.question.id });
    expect(
      (await graph('anonymous', `{ question(id: "${one.id}") { ${selectionOf(one)} } }`)).question,
    ).toEqual(one);
  });

  it("when solutions are listed by a voter, then the graph equals listSolutions, the caller's vote included", async () => {
    const page = await listSolutions({ actor: normal, query: { questionId: catalog.question.id } });
    expect(page.items[0]).toMatchObject({ upvotes: 1, myVote: 1 });
    const list = await graph(
      'normal',
      `{ solutions(questionId: "${catalog.question.id}") { ${listSelection(page)} } }`,
    );
    expect(list.solutions).toEqual(page);
  });

  it('when users are read, then the graph equals getMe and listUsers', async () => {
    const me = await getMe({ actor: normal });
    expect((await graph('normal', `{ me { ${selectionOf(me)} } }`)).me).toEqual(me);
    const page = await listUsers({ actor: admin, query: { role: 'editor', isActive: true } });
    const list = await graph(
      'admin',
      `{ users(role: EDITOR, isActive: true) { ${listSelection(page)} } }`,
    );
    expect(list.users).toEqual(page);
  });
});
