// Universities, branches, semesters, subjects and subject offerings through the graph: who may write them.
import { createBranch, createSubject } from '@qpc/domain';
import {
  BranchModel,
  SemesterModel,
  SubjectModel,
  SubjectOfferingModel,
  uid as tag,
  UniversityModel,
} from '@qpc/domain/testing';
import { describe, expect, it } from 'vitest';
import { pathsOfRefusals } from './support/harness.js';
import { useGateway } from './support/suite.js';
import { academicMakers } from './support/academic.js';
import { ADMINS, roleMatrix, WRITERS } from './support/matrix.js';

const { gw, callers, admin } = useGateway();

const { university, structure, offering } = academicMakers(() => admin);

describe('academic mutations by role', () => {
  roleMatrix(
    () => ({ gw, callers }),
    [
      {
        field: 'createUniversity',
        allowed: WRITERS,
        arrange: async () => {
          const name = `Created ${tag()}`;
          return {
            query:
              'mutation ($input: CreateUniversityInput!) { createUniversity(input: $input) { id name slug isActive } }',
            variables: { input: { name, shortName: 'CU' } },
            tookEffect: async () => Boolean(await UniversityModel.exists({ name })),
          };
        },
      },
      {
        field: 'updateUniversity',
        allowed: WRITERS,
        arrange: async () => {
          const uni = await university();
          return {
            query:
              'mutation ($id: ObjectID!) { updateUniversity(id: $id, input: { shortName: "NEW" }) { id shortName } }',
            variables: { id: uni.id },
            tookEffect: async () =>
              (await UniversityModel.findById(uni.id).lean())?.shortName === 'NEW',
          };
        },
      },
      {
        field: 'deleteUniversity',
        allowed: ADMINS,
        arrange: async () => {
          const uni = await university();
          return {
            query: 'mutation ($id: ObjectID!) { deleteUniversity(id: $id) }',
            variables: { id: uni.id },
            tookEffect: async () =>
              (await UniversityModel.findById(uni.id).lean())?.isActive === false,
          };
        },
      },
      {
        field: 'createBranch',
        allowed: WRITERS,
        arrange: async () => {
          const uni = await university();
          return {
            query:
              'mutation ($input: CreateBranchInput!) { createBranch(input: $input) { id universityId } }',
            variables: { input: { universityId: uni.id, name: 'Created branch', code: 'CB' } },
            tookEffect: async () => Boolean(await BranchModel.exists({ universityId: uni.id })),
          };
        },
      },
      {
        field: 'updateBranch',
        allowed: WRITERS,
        arrange: async () => {
          const { branch } = await structure();
          return {
            query:
              'mutation ($id: ObjectID!) { updateBranch(id: $id, input: { name: "Renamed" }) { id name } }',
            variables: { id: branch.id },
            tookEffect: async () =>
              (await BranchModel.findById(branch.id).lean())?.name === 'Renamed',
          };
        },
      },
      {
        field: 'deleteBranch',
        allowed: ADMINS,
        arrange: async () => {
          const uni = await university();
          const branch = await createBranch({
            actor: admin,
            input: { universityId: uni.id, name: 'Doomed' },
          });
          return {
            query: 'mutation ($id: ObjectID!) { deleteBranch(id: $id) }',
            variables: { id: branch.id },
            tookEffect: async () => !(await BranchModel.exists({ _id: branch.id })),
          };
        },
      },
      {
        field: 'createSemester',
        allowed: WRITERS,
        arrange: async () => {
          const { branch } = await structure();
          return {
            query:
              'mutation ($input: CreateSemesterInput!) { createSemester(input: $input) { id number } }',
            variables: { input: { branchId: branch.id, number: 2, name: 'I-II' } },
            tookEffect: async () =>
              Boolean(await SemesterModel.exists({ branchId: branch.id, number: 2 })),
          };
        },
      },
      {
        field: 'updateSemester',
        allowed: WRITERS,
        arrange: async () => {
          const { semester } = await structure();
          return {
            query:
              'mutation ($id: ObjectID!) { updateSemester(id: $id, input: { name: "Renamed" }) { id name } }',
            variables: { id: semester.id },
            tookEffect: async () =>
              (await SemesterModel.findById(semester.id).lean())?.name === 'Renamed',
          };
        },
      },
      {
        field: 'deleteSemester',
        allowed: ADMINS,
        arrange: async () => {
          const { semester } = await structure();
          return {
            query: 'mutation ($id: ObjectID!) { deleteSemester(id: $id) }',
            variables: { id: semester.id },
            tookEffect: async () => !(await SemesterModel.exists({ _id: semester.id })),
          };
        },
      },
      {
        field: 'createSubject',
        allowed: WRITERS,
        arrange: async () => {
          const name = `Created subject ${tag()}`;
          return {
            query:
              'mutation ($input: CreateSubjectInput!) { createSubject(input: $input) { id slug } }',
            variables: { input: { name, code: 'CS1', description: 'About things' } },
            tookEffect: async () => Boolean(await SubjectModel.exists({ name })),
          };
        },
      },
      {
        field: 'updateSubject',
        allowed: WRITERS,
        arrange: async () => {
          const subject = await createSubject({
            actor: admin,
            input: { name: `Subject ${tag()}` },
          });
          return {
            query:
              'mutation ($id: ObjectID!) { updateSubject(id: $id, input: { description: "Changed" }) { id description } }',
            variables: { id: subject.id },
            tookEffect: async () =>
              (await SubjectModel.findById(subject.id).lean())?.description === 'Changed',
          };
        },
      },
      {
        field: 'deleteSubject',
        allowed: ADMINS,
        arrange: async () => {
          const subject = await createSubject({
            actor: admin,
            input: { name: `Subject ${tag()}` },
          });
          return {
            query: 'mutation ($id: ObjectID!) { deleteSubject(id: $id) }',
            variables: { id: subject.id },
            tookEffect: async () => !(await SubjectModel.exists({ _id: subject.id })),
          };
        },
      },
      {
        field: 'createSubjectOffering',
        allowed: WRITERS,
        arrange: async () => {
          const s = await structure();
          return {
            query:
              'mutation ($input: CreateSubjectOfferingInput!) { createSubjectOffering(input: $input) { id subject { id } } }',
            variables: {
              input: {
                universityId: s.university.id,
                branchId: s.branch.id,
                semesterId: s.semester.id,
                subjectId: s.subject.id,
              },
            },
            tookEffect: async () =>
              Boolean(await SubjectOfferingModel.exists({ subjectId: s.subject.id })),
          };
        },
      },
      {
        field: 'deleteSubjectOffering',
        allowed: ADMINS,
        arrange: async () => {
          const o = await offering();
          return {
            query: 'mutation ($id: ObjectID!) { deleteSubjectOffering(id: $id) }',
            variables: { id: o.offering.id },
            tookEffect: async () => !(await SubjectOfferingModel.exists({ _id: o.offering.id })),
          };
        },
      },
    ],
  );

  it('when an editor sets isActive on a university, then FORBIDDEN (admin only) and nothing changes', async () => {
    const uni = await university();
    const { body } = await gw.gql(
      'mutation ($id: ObjectID!) { updateUniversity(id: $id, input: { isActive: false }) { id } }',
      { id: uni.id },
      callers.headers('editor'),
    );
    expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await UniversityModel.findById(uni.id).lean())?.isActive).toBe(true);
  });

  it('when a create input fails the domain schema, then BAD_USER_INPUT lists each field path', async () => {
    const { body } = await gw.gql(
      'mutation { createSemester(input: { branchId: "xyz", number: 13 }) { id } }',
      undefined,
      callers.headers('admin'),
    );
    expect(pathsOfRefusals(body.errors)).toEqual(['branchId', 'number']);
  });
});
