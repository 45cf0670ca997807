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
import { ADMINS, roleMatrix } from './support/matrix.js';
import { createCase, deleteCase, recordCase, storedIn, updateCase } from './support/write-cases.js';

const { gw, callers, admin } = useGateway();

const { university, structure, offering } = academicMakers(() => admin);

// The records the cases work on, made fresh for each test.
const branchOf = async () => (await structure()).branch;
const semesterOf = async () => (await structure()).semester;
const offeringOf = async () => (await offering()).offering;
const lonelySubject = () => createSubject({ actor: admin, input: { name: `Subject ${tag()}` } });
async function doomedBranch() {
  const uni = await university();
  return createBranch({ actor: admin, input: { universityId: uni.id, name: 'Doomed' } });
}

// The inputs of the creates, each over fresh parents.
const newUniversity = async () => ({ name: `Created ${tag()}`, shortName: 'CU' });
const newBranch = async () => ({
  universityId: (await university()).id,
  name: 'Created branch',
  code: 'CB',
});
const newSemester = async () => ({ branchId: (await branchOf()).id, number: 2, name: 'I-II' });
const newSubject = async () => ({
  name: `Created subject ${tag()}`,
  code: 'CS1',
  description: 'About things',
});
async function newOffering() {
  const s = await structure();
  return {
    universityId: s.university.id,
    branchId: s.branch.id,
    semesterId: s.semester.id,
    subjectId: s.subject.id,
  };
}

describe('academic mutations by role', () => {
  roleMatrix({ gw, callers }, [
    createCase(
      'createUniversity',
      'id name slug isActive',
      newUniversity,
      storedIn(UniversityModel, 'name'),
    ),
    createCase('createBranch', 'id universityId', newBranch, storedIn(BranchModel, 'universityId')),
    createCase(
      'createSemester',
      'id number',
      newSemester,
      storedIn(SemesterModel, 'branchId', 'number'),
    ),
    createCase('createSubject', 'id slug', newSubject, storedIn(SubjectModel, 'name')),
    createCase(
      'createSubjectOffering',
      'id subject { id }',
      newOffering,
      storedIn(SubjectOfferingModel, 'subjectId'),
    ),

    updateCase('updateUniversity', UniversityModel, university, { shortName: 'NEW' }),
    updateCase('updateBranch', BranchModel, branchOf, { name: 'Renamed' }),
    updateCase('updateSemester', SemesterModel, semesterOf, { name: 'Renamed' }),
    updateCase('updateSubject', SubjectModel, lonelySubject, { description: 'Changed' }),

    // A university is deactivated, not removed.
    recordCase(
      'deleteUniversity',
      ADMINS,
      university,
      'mutation ($id: ObjectID!) { deleteUniversity(id: $id) }',
      async (uni) => (await UniversityModel.findById(uni.id).lean())?.isActive === false,
    ),
    deleteCase('deleteBranch', BranchModel, doomedBranch),
    deleteCase('deleteSemester', SemesterModel, semesterOf),
    deleteCase('deleteSubject', SubjectModel, lonelySubject),
    deleteCase('deleteSubjectOffering', SubjectOfferingModel, offeringOf),
  ]);

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
