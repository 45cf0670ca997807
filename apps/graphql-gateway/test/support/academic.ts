// Academic structure made through the domain services by the test's admin, each with unique names.
import {
  createBranch,
  createSemester,
  createSubject,
  createSubjectOffering,
  createUniversity,
} from '@qpc/domain';
import type { Actor } from '@qpc/domain';
import { uid as tag } from '@qpc/domain/testing';

/** Makers of a university, a whole structure, and an offering over a fresh structure. */
export function academicMakers(adminOf: () => Actor) {
  const university = (name = `University ${tag()}`, shortName = 'U') =>
    createUniversity({ actor: adminOf(), input: { name, shortName } });

  async function structure() {
    const uni = await university();
    const branch = await createBranch({
      actor: adminOf(),
      input: { universityId: uni.id, name: `Branch ${tag()}` },
    });
    const semester = await createSemester({
      actor: adminOf(),
      input: { branchId: branch.id, number: 1 },
    });
    const subject = await createSubject({ actor: adminOf(), input: { name: `Subject ${tag()}` } });
    return { university: uni, branch, semester, subject };
  }

  async function offering() {
    const s = await structure();
    const created = await createSubjectOffering({
      actor: adminOf(),
      input: {
        universityId: s.university.id,
        branchId: s.branch.id,
        semesterId: s.semester.id,
        subjectId: s.subject.id,
        regulation: 'R22',
      },
    });
    return { ...s, offering: created };
  }
  return { university, structure, offering };
}
