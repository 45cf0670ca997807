// Universities, branches, semesters, subjects and subject offerings through the graph.
import {
  createBranch,
  createPaper,
  createSemester,
  createSubject,
  deleteUniversity,
  initSyllabus,
  setPaperStatus,
} from '@qpc/domain';
import { describe, expect, it } from 'vitest';
import { uid as tag } from '@qpc/domain/testing';
import { academicMakers } from './support/academic.js';
import { useGateway } from './support/suite.js';

const { gw, callers, admin } = useGateway();

const { university, structure, offering } = academicMakers(() => admin);

const PAGINATION = 'pagination { page limit total totalPages hasNextPage hasPrevPage }';

describe('universities and university(slug)', () => {
  it('when universities are searched with a limit, then active matches come by name with REST pagination', async () => {
    const t = tag();
    for (const letter of ['C', 'A', 'B']) await university(`${t} ${letter}`);
    const { body } = await gw.gql(
      `query ($s: String) { universities(search: $s, limit: 2) { items { name } ${PAGINATION} } }`,
      {
        s: t,
      },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.universities.items.map((u: { name: string }) => u.name)).toEqual([
      `${t} A`,
      `${t} B`,
    ]);
    expect(body.data.universities.pagination).toEqual({
      page: 1,
      limit: 2,
      total: 3,
      totalPages: 2,
      hasNextPage: true,
      hasPrevPage: false,
    });
    const second = await gw.gql(
      `query ($s: String) { universities(search: $s, limit: 2, page: 2) { items { name } ${PAGINATION} } }`,
      {
        s: t,
      },
    );
    expect(second.body.data.universities.items.map((u: { name: string }) => u.name)).toEqual([
      `${t} C`,
    ]);
    expect(second.body.data.universities.pagination).toMatchObject({
      page: 2,
      hasNextPage: false,
      hasPrevPage: true,
    });
  });

  it('when isActive is TRUE, FALSE or ALL, then active, soft-deleted or both are listed', async () => {
    const t = tag();
    const active = await university(`${t} active`);
    const gone = await university(`${t} gone`);
    await deleteUniversity({ actor: admin, id: gone.id });
    const ids = async (filter: string) =>
      (
        await gw.gql(
          `{ universities(search: "${t}", isActive: ${filter}) { items { id isActive deletedAt } } }`,
        )
      ).body.data.universities.items;
    expect((await ids('TRUE')).map((u: { id: string }) => u.id)).toEqual([active.id]);
    const deleted = await ids('FALSE');
    expect(deleted.map((u: { id: string }) => u.id)).toEqual([gone.id]);
    expect(deleted[0].isActive).toBe(false);
    expect(deleted[0].deletedAt).toEqual(expect.any(String));
    expect((await ids('ALL')).map((u: { id: string }) => u.id)).toEqual([active.id, gone.id]);
  });

  it('when the limit is out of range, then BAD_USER_INPUT names limit', async () => {
    const { status, body } = await gw.gql('{ universities(limit: 101) { items { id } } }');
    // Refused by the argument's type (PageSize) before anything runs: HTTP 400, no data.
    expect(status).toBe(400);
    expect(body.data).toBeUndefined();
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(body.errors[0].extensions.details).toEqual([
      { path: 'limit', message: 'PageSize must be an integer from 1 to 100, not 101' },
    ]);
  });

  it('when a university is read by slug, then every REST field is there', async () => {
    const created = await university();
    const { body } = await gw.gql(
      'query ($slug: Slug!) { university(slug: $slug) { id name shortName slug isActive deletedAt createdAt updatedAt } }',
      { slug: created.slug },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.university).toEqual(created);
  });

  it('when the slug is unknown or the university soft-deleted, then NOT_FOUND and null', async () => {
    const created = await university();
    await deleteUniversity({ actor: admin, id: created.id });
    for (const slug of [created.slug, `nope-${tag()}`]) {
      const { body } = await gw.gql('query ($slug: Slug!) { university(slug: $slug) { id } }', {
        slug,
      });
      expect(body.data).toEqual({ university: null });
      expect(body.errors[0].extensions.code).toBe('NOT_FOUND');
      expect(body.errors[0].path).toEqual(['university']);
    }
  });

  it('when University.branches and Branch.semesters are asked, then branches come by name, semesters by number', async () => {
    const uni = await university();
    const cse = await createBranch({
      actor: admin,
      input: { universityId: uni.id, name: 'Computer Science', code: 'CSE' },
    });
    await createBranch({ actor: admin, input: { universityId: uni.id, name: 'Civil' } });
    for (const number of [3, 1, 2])
      await createSemester({ actor: admin, input: { branchId: cse.id, number } });
    const { body } = await gw.gql(
      'query ($slug: Slug!) { university(slug: $slug) { branches { name code universityId semesters { number branchId } } } }',
      { slug: uni.slug },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.university.branches).toEqual([
      { name: 'Civil', code: null, universityId: uni.id, semesters: [] },
      {
        name: 'Computer Science',
        code: 'CSE',
        universityId: uni.id,
        semesters: [1, 2, 3].map((number) => ({ number, branchId: cse.id })),
      },
    ]);
  });
});

describe('branches, semesters, subjects, subject offerings', () => {
  it('when branches are filtered by university and searched, then only matching branches come', async () => {
    const a = await university();
    const b = await university();
    await createBranch({ actor: admin, input: { universityId: a.id, name: 'Mechanical' } });
    const electrical = await createBranch({
      actor: admin,
      input: { universityId: a.id, name: 'Electrical' },
    });
    await createBranch({ actor: admin, input: { universityId: b.id, name: 'Electrical' } });
    const all = await gw.gql(
      'query ($u: ObjectID) { branches(universityId: $u) { items { name } pagination { total } } }',
      { u: a.id },
    );
    expect(all.body.data.branches.items.map((x: { name: string }) => x.name)).toEqual([
      'Electrical',
      'Mechanical',
    ]);
    expect(all.body.data.branches.pagination.total).toBe(2);
    const searched = await gw.gql(
      'query ($u: ObjectID) { branches(universityId: $u, search: "ELEC") { items { id } } }',
      { u: a.id },
    );
    expect(searched.body.data.branches.items).toEqual([{ id: electrical.id }]);
  });

  it('when semesters are filtered by branch, then they come by number', async () => {
    const s = await structure();
    await createSemester({
      actor: admin,
      input: { branchId: s.branch.id, number: 4, name: 'II-II' },
    });
    const { body } = await gw.gql(
      'query ($b: ObjectID) { semesters(branchId: $b) { items { number name } } }',
      { b: s.branch.id },
    );
    expect(body.data.semesters.items).toEqual([
      { number: 1, name: null },
      { number: 4, name: 'II-II' },
    ]);
  });

  it('when a malformed id filters a list, then BAD_USER_INPUT names the field', async () => {
    const { body } = await gw.gql('{ semesters(branchId: "nope") { items { id } } }');
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(body.errors[0].extensions.details[0].path).toBe('branchId');
  });

  it('when subjects are searched and one is read by slug, then both answer with the REST fields', async () => {
    const t = tag();
    const subject = await createSubject({
      actor: admin,
      input: { name: `Data Structures ${t}`, code: `CS${t}`, description: 'Lists and trees' },
    });
    const list = await gw.gql(
      'query ($s: String) { subjects(search: $s) { items { id name code } } }',
      { s: t },
    );
    expect(list.body.data.subjects.items).toEqual([
      { id: subject.id, name: subject.name, code: subject.code },
    ]);
    const one = await gw.gql(
      'query ($slug: Slug!) { subject(slug: $slug) { id name code slug description createdAt updatedAt } }',
      {
        slug: subject.slug,
      },
    );
    expect(one.body.data.subject).toEqual(subject);
    const missing = await gw.gql('{ subject(slug: "no-such-subject-here") { id } }');
    expect(missing.body.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('when subject offerings are filtered, then only the matching offerings come', async () => {
    const one = await offering();
    await offering();
    const { body } = await gw.gql(
      'query ($u: ObjectID, $s: ObjectID) { subjectOfferings(universityId: $u, subjectId: $s) { items { id universityId branchId semesterId subjectId regulation } pagination { total } } }',
      { u: one.university.id, s: one.subject.id },
    );
    expect(body.data.subjectOfferings.items).toEqual([
      {
        id: one.offering.id,
        universityId: one.university.id,
        branchId: one.branch.id,
        semesterId: one.semester.id,
        subjectId: one.subject.id,
        regulation: 'R22',
      },
    ]);
    expect(body.data.subjectOfferings.pagination.total).toBe(1);
  });

  it('when an offering is read with its nested fields, then subject, university, branch, semester and syllabus resolve', async () => {
    const o = await offering();
    const query = `query ($id: ObjectID!) { subjectOffering(id: $id) {
      id subject { id name } university { id slug } branch { id name } semester { id number } syllabus { id } } }`;
    const before = await gw.gql(query, { id: o.offering.id });
    expect(before.body.errors).toBeUndefined();
    expect(before.body.data.subjectOffering).toEqual({
      id: o.offering.id,
      subject: { id: o.subject.id, name: o.subject.name },
      university: { id: o.university.id, slug: o.university.slug },
      branch: { id: o.branch.id, name: o.branch.name },
      semester: { id: o.semester.id, number: 1 },
      syllabus: null,
    });
    const syllabus = await initSyllabus({
      actor: admin,
      input: { subjectOfferingId: o.offering.id },
    });
    const after = await gw.gql(query, { id: o.offering.id });
    expect(after.body.data.subjectOffering.syllabus).toEqual({ id: syllabus.id });
  });

  it('when SubjectOffering.papers is asked, then anonymous callers see approved papers and editors all, newest year first', async () => {
    const o = await offering();
    const paper = (examYear: number) =>
      createPaper({
        actor: admin,
        input: { subjectOfferingId: o.offering.id, examYear, examType: 'end-term' },
      });
    const approved = await setPaperStatus({
      actor: admin,
      id: (await paper(2021)).id,
      // An empty paper: approved anyway.
      input: { status: 'approved', force: true },
    });
    const pending = await paper(2023);
    const query = 'query ($id: ObjectID!) { subjectOffering(id: $id) { papers { id status } } }';
    const anonymous = await gw.gql(query, { id: o.offering.id });
    expect(anonymous.body.data.subjectOffering.papers).toEqual([
      { id: approved.id, status: 'APPROVED' },
    ]);
    const editor = await gw.gql(query, { id: o.offering.id }, callers.headers('editor'));
    expect(editor.body.data.subjectOffering.papers).toEqual([
      { id: pending.id, status: 'PENDING' },
      { id: approved.id, status: 'APPROVED' },
    ]);
  });

  it('when an unknown offering id is read, then NOT_FOUND; when malformed, then BAD_USER_INPUT', async () => {
    const unknown = await gw.gql('{ subjectOffering(id: "aaaaaaaaaaaaaaaaaaaaaaaa") { id } }');
    expect(unknown.body.errors[0].extensions.code).toBe('NOT_FOUND');
    const malformed = await gw.gql('{ subjectOffering(id: "123") { id } }');
    expect(malformed.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(malformed.body.errors[0].extensions.details[0].path).toBe('id');
  });
});
