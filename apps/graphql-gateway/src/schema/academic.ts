import {
  createBranch,
  createSemester,
  createSubject,
  createSubjectOffering,
  createUniversity,
  deleteBranch,
  deleteSemester,
  deleteSubject,
  deleteSubjectOffering,
  deleteUniversity,
  getSubjectBySlug,
  getSubjectOfferingById,
  getUniversityBySlug,
  listBranches,
  listSemesters,
  listSubjectOfferings,
  listSubjects,
  listUniversities,
  updateBranch,
  updateSemester,
  updateSubject,
  updateUniversity,
  type Branch,
  type SubjectOffering,
  type University,
} from '@qpc/domain';
import type { GatewayContext } from '../context.js';
import {
  listArgs,
  PAGE_ARGS,
  required,
  who,
  type IdArgs,
  type InputArgs,
  type UpdateArgs,
} from './common.js';

export const academicTypeDefs = /* GraphQL */ `
  """
  A university. Soft-deleted ones have isActive false and a deletedAt time.
  """
  type University {
    "Resource id."
    id: ID!
    "Full name of the university."
    name: String!
    "Abbreviation, e.g. JNTUH."
    shortName: String!
    "Unique slug used in read paths."
    slug: String!
    "False once soft-deleted."
    isActive: Boolean!
    "When it was soft-deleted (ISO 8601), or null."
    deletedAt: String
    "Creation time (ISO 8601)."
    createdAt: String!
    "Last update time (ISO 8601)."
    updatedAt: String!
    "Branches (departments) of the university, ordered by name."
    branches: [Branch!]!
  }

  """
  A branch (department) of a university.
  """
  type Branch {
    "Resource id."
    id: ID!
    "Id of the university the branch belongs to."
    universityId: ID!
    "Name of the branch."
    name: String!
    "Short code, e.g. CSE, or null."
    code: String
    "Creation time (ISO 8601)."
    createdAt: String!
    "Last update time (ISO 8601)."
    updatedAt: String!
    "Semesters of the branch, ordered by number."
    semesters: [Semester!]!
  }

  """
  A semester of a branch.
  """
  type Semester {
    "Resource id."
    id: ID!
    "Id of the branch the semester belongs to."
    branchId: ID!
    "Id of the branch's university."
    universityId: ID!
    "Semester number, 1 to 12, unique within the branch."
    number: Int!
    "Display name, e.g. III-I, or null."
    name: String
    "Creation time (ISO 8601)."
    createdAt: String!
    "Last update time (ISO 8601)."
    updatedAt: String!
  }

  """
  A subject of the global catalog.
  """
  type Subject {
    "Resource id."
    id: ID!
    "Name of the subject."
    name: String!
    "Subject code, e.g. CS201, or null."
    code: String
    "Unique slug used in read paths."
    slug: String!
    "Free-text description, or null."
    description: String
    "Creation time (ISO 8601)."
    createdAt: String!
    "Last update time (ISO 8601)."
    updatedAt: String!
  }

  """
  A subject taught in one university, branch and semester (and regulation).
  """
  type SubjectOffering {
    "Resource id."
    id: ID!
    "Id of the university."
    universityId: ID!
    "Id of the branch."
    branchId: ID!
    "Id of the semester."
    semesterId: ID!
    "Id of the subject."
    subjectId: ID!
    "Regulation or curriculum version, e.g. R22, or null."
    regulation: String
    "Creation time (ISO 8601)."
    createdAt: String!
    "Last update time (ISO 8601)."
    updatedAt: String!
    "The subject taught."
    subject: Subject!
    "The university (returned even when it was soft-deleted later)."
    university: University!
    "The branch."
    branch: Branch!
    "The semester."
    semester: Semester!
    "The syllabus, or null when none was initialized."
    syllabus: Syllabus
    "Papers of the offering the caller may see, newest exam year first."
    papers: [Paper!]!
  }

  "A page of universities."
  type UniversityPage {
    "The universities of this page."
    items: [University!]!
    "Where this page sits in the whole list."
    pagination: Pagination!
  }

  "A page of branches."
  type BranchPage {
    "The branches of this page."
    items: [Branch!]!
    "Where this page sits in the whole list."
    pagination: Pagination!
  }

  "A page of semesters."
  type SemesterPage {
    "The semesters of this page."
    items: [Semester!]!
    "Where this page sits in the whole list."
    pagination: Pagination!
  }

  "A page of subjects."
  type SubjectPage {
    "The subjects of this page."
    items: [Subject!]!
    "Where this page sits in the whole list."
    pagination: Pagination!
  }

  "A page of subject offerings."
  type SubjectOfferingPage {
    "The subject offerings of this page."
    items: [SubjectOffering!]!
    "Where this page sits in the whole list."
    pagination: Pagination!
  }

  "Fields of a new university (REST: POST /universities)."
  input CreateUniversityInput {
    "Full name (1 to 200 characters)."
    name: String!
    "Abbreviation (1 to 50 characters)."
    shortName: String!
    "Unique lowercase kebab-case slug (1 to 120 characters); generated from the name when absent."
    slug: String
  }

  "Fields to change on a university, at least one (REST: PATCH /universities/:id)."
  input UpdateUniversityInput {
    "Full name (1 to 200 characters)."
    name: String
    "Abbreviation (1 to 50 characters)."
    shortName: String
    "Unique lowercase kebab-case slug (1 to 120 characters)."
    slug: String
    "Admin only: false soft-deletes the university, true restores it."
    isActive: Boolean
  }

  "Fields of a new branch (REST: POST /branches)."
  input CreateBranchInput {
    "Id of an active university."
    universityId: ID!
    "Name of the branch (1 to 200 characters)."
    name: String!
    "Short code (1 to 50 characters), or null."
    code: String
  }

  "Fields to change on a branch, at least one (REST: PATCH /branches/:id)."
  input UpdateBranchInput {
    "Id of an active university (refused while subject offerings reference the branch)."
    universityId: ID
    "Name of the branch (1 to 200 characters)."
    name: String
    "Short code (1 to 50 characters); null clears it."
    code: String
  }

  "Fields of a new semester (REST: POST /semesters)."
  input CreateSemesterInput {
    "Id of the branch."
    branchId: ID!
    "Semester number, 1 to 12, unique within the branch."
    number: Int!
    "Display name (1 to 100 characters), or null."
    name: String
  }

  "Fields to change on a semester, at least one (REST: PATCH /semesters/:id)."
  input UpdateSemesterInput {
    "Id of the branch (refused while subject offerings reference the semester)."
    branchId: ID
    "Semester number, 1 to 12, unique within the branch."
    number: Int
    "Display name (1 to 100 characters); null clears it."
    name: String
  }

  "Fields of a new subject (REST: POST /subjects)."
  input CreateSubjectInput {
    "Name of the subject (1 to 200 characters)."
    name: String!
    "Subject code (1 to 50 characters), or null."
    code: String
    "Unique lowercase kebab-case slug (1 to 120 characters); generated from the name when absent."
    slug: String
    "Free-text description (up to 5000 characters), or null."
    description: String
  }

  "Fields to change on a subject, at least one (REST: PATCH /subjects/:id)."
  input UpdateSubjectInput {
    "Name of the subject (1 to 200 characters)."
    name: String
    "Subject code (1 to 50 characters); null clears it."
    code: String
    "Unique lowercase kebab-case slug (1 to 120 characters)."
    slug: String
    "Free-text description (up to 5000 characters); null clears it."
    description: String
  }

  "Fields of a new subject offering (REST: POST /subject-offerings)."
  input CreateSubjectOfferingInput {
    "Id of an active university."
    universityId: ID!
    "Id of a branch of that university."
    branchId: ID!
    "Id of a semester of that branch."
    semesterId: ID!
    "Id of the subject taught."
    subjectId: ID!
    "Regulation or curriculum version (1 to 50 characters), or null."
    regulation: String
  }

  type Query {
    "Universities ordered by name (REST: GET /universities)."
    universities(
      "Case-insensitive literal substring of the name or short name (up to 100 characters)."
      search: String
      "Which universities to list (default: active ones)."
      isActive: ActiveFilter
      ${PAGE_ARGS}
    ): UniversityPage!
    "An active university by slug (REST: GET /universities/:slug)."
    university("The university's slug." slug: String!): University
    "Branches ordered by name (REST: GET /branches)."
    branches(
      "Only branches of this university."
      universityId: ID
      "Case-insensitive literal substring of the name (up to 100 characters)."
      search: String
      ${PAGE_ARGS}
    ): BranchPage!
    "Semesters ordered by number (REST: GET /semesters)."
    semesters(
      "Only semesters of this branch."
      branchId: ID
      ${PAGE_ARGS}
    ): SemesterPage!
    "Subjects ordered by name (REST: GET /subjects)."
    subjects(
      "Case-insensitive literal substring of the name or code (up to 100 characters)."
      search: String
      ${PAGE_ARGS}
    ): SubjectPage!
    "A subject by slug (REST: GET /subjects/:slug)."
    subject("The subject's slug." slug: String!): Subject
    "Subject offerings, oldest first (REST: GET /subject-offerings)."
    subjectOfferings(
      "Only offerings of this university."
      universityId: ID
      "Only offerings of this branch."
      branchId: ID
      "Only offerings of this semester."
      semesterId: ID
      "Only offerings of this subject."
      subjectId: ID
      ${PAGE_ARGS}
    ): SubjectOfferingPage!
    "A subject offering by id."
    subjectOffering("The offering's id." id: ID!): SubjectOffering
  }

  """
  Writes of the catalog; each mirrors a REST write and is refused with the same codes.
  """
  type Mutation {
    "Creates a university ${who('catalog:write')}."
    createUniversity("The new university." input: CreateUniversityInput!): University!
    "Updates a university ${who('catalog:write')}; isActive needs catalog:delete ${who('catalog:delete')}."
    updateUniversity(
      "The university's id."
      id: ID!
      "Fields to change."
      input: UpdateUniversityInput!
    ): University!
    "Soft-deletes a university ${who('catalog:delete')}."
    deleteUniversity("The university's id." id: ID!): Boolean!
    "Creates a branch ${who('catalog:write')}."
    createBranch("The new branch." input: CreateBranchInput!): Branch!
    "Updates a branch ${who('catalog:write')}."
    updateBranch("The branch's id." id: ID!, "Fields to change." input: UpdateBranchInput!): Branch!
    "Deletes a branch without semesters or offerings ${who('catalog:delete')}."
    deleteBranch("The branch's id." id: ID!): Boolean!
    "Creates a semester ${who('catalog:write')}."
    createSemester("The new semester." input: CreateSemesterInput!): Semester!
    "Updates a semester ${who('catalog:write')}."
    updateSemester(
      "The semester's id."
      id: ID!
      "Fields to change."
      input: UpdateSemesterInput!
    ): Semester!
    "Deletes a semester without offerings ${who('catalog:delete')}."
    deleteSemester("The semester's id." id: ID!): Boolean!
    "Creates a subject ${who('catalog:write')}."
    createSubject("The new subject." input: CreateSubjectInput!): Subject!
    "Updates a subject ${who('catalog:write')}."
    updateSubject(
      "The subject's id."
      id: ID!
      "Fields to change."
      input: UpdateSubjectInput!
    ): Subject!
    "Deletes a subject without offerings ${who('catalog:delete')}."
    deleteSubject("The subject's id." id: ID!): Boolean!
    "Creates a subject offering ${who('catalog:write')}."
    createSubjectOffering("The new offering." input: CreateSubjectOfferingInput!): SubjectOffering!
    "Deletes a subject offering without syllabus or papers ${who('catalog:delete')}."
    deleteSubjectOffering("The offering's id." id: ID!): Boolean!
  }
`;

type Ctx = GatewayContext;
type Args = Record<string, unknown>;

export const academicResolvers = {
  Query: {
    universities: (_: unknown, args: Args, { actor }: Ctx) =>
      listUniversities({ actor, query: listArgs(args) }),
    university: (_: unknown, { slug }: { slug: string }, { actor }: Ctx) =>
      getUniversityBySlug({ actor, slug }),
    branches: (_: unknown, args: Args, { actor }: Ctx) =>
      listBranches({ actor, query: listArgs(args) }),
    semesters: (_: unknown, args: Args, { actor }: Ctx) =>
      listSemesters({ actor, query: listArgs(args) }),
    subjects: (_: unknown, args: Args, { actor }: Ctx) =>
      listSubjects({ actor, query: listArgs(args) }),
    subject: (_: unknown, { slug }: { slug: string }, { actor }: Ctx) =>
      getSubjectBySlug({ actor, slug }),
    subjectOfferings: (_: unknown, args: Args, { actor }: Ctx) =>
      listSubjectOfferings({ actor, query: listArgs(args) }),
    subjectOffering: (_: unknown, { id }: IdArgs, { actor }: Ctx) =>
      getSubjectOfferingById({ actor, id }),
  },
  Mutation: {
    createUniversity: (_: unknown, { input }: InputArgs, { actor }: Ctx) =>
      createUniversity({ actor, input }),
    updateUniversity: (_: unknown, { id, input }: UpdateArgs, { actor }: Ctx) =>
      updateUniversity({ actor, id, input }),
    deleteUniversity: async (_: unknown, { id }: IdArgs, { actor }: Ctx) => {
      await deleteUniversity({ actor, id });
      return true;
    },
    createBranch: (_: unknown, { input }: InputArgs, { actor }: Ctx) =>
      createBranch({ actor, input }),
    updateBranch: (_: unknown, { id, input }: UpdateArgs, { actor }: Ctx) =>
      updateBranch({ actor, id, input }),
    deleteBranch: async (_: unknown, { id }: IdArgs, { actor }: Ctx) => {
      await deleteBranch({ actor, id });
      return true;
    },
    createSemester: (_: unknown, { input }: InputArgs, { actor }: Ctx) =>
      createSemester({ actor, input }),
    updateSemester: (_: unknown, { id, input }: UpdateArgs, { actor }: Ctx) =>
      updateSemester({ actor, id, input }),
    deleteSemester: async (_: unknown, { id }: IdArgs, { actor }: Ctx) => {
      await deleteSemester({ actor, id });
      return true;
    },
    createSubject: (_: unknown, { input }: InputArgs, { actor }: Ctx) =>
      createSubject({ actor, input }),
    updateSubject: (_: unknown, { id, input }: UpdateArgs, { actor }: Ctx) =>
      updateSubject({ actor, id, input }),
    deleteSubject: async (_: unknown, { id }: IdArgs, { actor }: Ctx) => {
      await deleteSubject({ actor, id });
      return true;
    },
    createSubjectOffering: (_: unknown, { input }: InputArgs, { actor }: Ctx) =>
      createSubjectOffering({ actor, input }),
    deleteSubjectOffering: async (_: unknown, { id }: IdArgs, { actor }: Ctx) => {
      await deleteSubjectOffering({ actor, id });
      return true;
    },
  },
  University: {
    branches: (university: University, _: Args, { loaders }: Ctx) =>
      loaders.branchesByUniversityId.load(university.id),
  },
  Branch: {
    semesters: (branch: Branch, _: Args, { loaders }: Ctx) =>
      loaders.semestersByBranchId.load(branch.id),
  },
  SubjectOffering: {
    subject: async (offering: SubjectOffering, _: Args, { loaders }: Ctx) =>
      required(await loaders.subjectById.load(offering.subjectId), 'Subject'),
    university: async (offering: SubjectOffering, _: Args, { loaders }: Ctx) =>
      required(await loaders.universityById.load(offering.universityId), 'University'),
    branch: async (offering: SubjectOffering, _: Args, { loaders }: Ctx) =>
      required(await loaders.branchById.load(offering.branchId), 'Branch'),
    semester: async (offering: SubjectOffering, _: Args, { loaders }: Ctx) =>
      required(await loaders.semesterById.load(offering.semesterId), 'Semester'),
    syllabus: (offering: SubjectOffering, _: Args, { loaders }: Ctx) =>
      loaders.syllabusBySubjectOfferingId.load(offering.id),
    papers: (offering: SubjectOffering, _: Args, { loaders }: Ctx) =>
      loaders.papersBySubjectOfferingId.load(offering.id),
  },
};
