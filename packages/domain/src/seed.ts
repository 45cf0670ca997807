// The sample catalog loaded into an empty database (SEED_SAMPLE_DATA). It writes through the
// models with plain inserts, but keeps every invariant the services enforce: references exist,
// modules and topics belong to the question's offering, mcq questions (and only they) have
// options, slugs are unique kebab-case, history ends at the paper's status, nobody votes on
// their own solution and each user votes at most once per solution.
import type { Types } from 'mongoose';
import type { Role } from './access.js';
import { userIdFor } from './user/service.js';
import { isDatabaseEmpty } from './db.js';
import { ConflictError } from './errors.js';
import {
  BranchModel,
  ModuleModel,
  PaperModel,
  QuestionModel,
  SemesterModel,
  SolutionModel,
  SubjectModel,
  SubjectOfferingModel,
  SyllabusModel,
  TopicModel,
  UniversityModel,
  UserModel,
  VoteModel,
} from './models.js';
import { slugify } from './slug.js';

type Id = Types.ObjectId;
type PaperStatus = 'draft' | 'pending' | 'approved' | 'rejected';
type ExamType = 'end-term' | 'mid-term' | 'supplementary' | 'quiz';
type QuestionType = 'mcq' | 'short' | 'long' | 'numerical' | 'coding';
type Difficulty = 'easy' | 'medium' | 'hard';

const USERS: { key: string; role: Role; name: string }[] = [
  { key: 'seed_admin', role: 'admin', name: 'Asha Admin' },
  { key: 'seed_editor', role: 'editor', name: 'Eli Editor' },
  { key: 'seed_alice', role: 'normal', name: 'Alice Rao' },
  { key: 'seed_bob', role: 'normal', name: 'Bob Mehta' },
  { key: 'seed_carol', role: 'normal', name: 'Carol Singh' },
  { key: 'seed_dave', role: 'normal', name: 'Dave Iyer' },
];

const UNIVERSITIES = [
  {
    key: 'nit',
    name: 'Northfield Institute of Technology',
    shortName: 'NFIT',
    branches: [
      { key: 'nit-cse', name: 'Computer Science and Engineering', code: 'CSE', semesters: [3, 4] },
      {
        key: 'nit-ece',
        name: 'Electronics and Communication Engineering',
        code: 'ECE',
        semesters: [3],
      },
    ],
  },
  {
    key: 'rsu',
    name: 'Riverside State University',
    shortName: 'RSU',
    branches: [{ key: 'rsu-cs', name: 'Computer Science', code: 'CS', semesters: [3, 4] }],
  },
];

const SUBJECTS = [
  {
    key: 'ds',
    name: 'Data Structures',
    code: 'CS201',
    description: 'Arrays, lists, trees, graphs and hashing, with their complexity.',
    modules: [
      { title: 'Linear Data Structures', topics: ['Arrays and Linked Lists', 'Stacks and Queues'] },
      { title: 'Trees', topics: ['Binary Search Trees', 'Heaps', 'AVL Trees'] },
      { title: 'Graphs and Hashing', topics: ['Graph Traversal', 'Hash Tables'] },
    ],
  },
  {
    key: 'dm',
    name: 'Discrete Mathematics',
    code: 'MA201',
    description: 'Logic, sets, relations, combinatorics and graph theory.',
    modules: [
      { title: 'Logic and Proofs', topics: ['Propositional Logic', 'Proof Techniques'] },
      { title: 'Combinatorics', topics: ['Counting Principles', 'Recurrence Relations'] },
    ],
  },
  {
    key: 'os',
    name: 'Operating Systems',
    code: 'CS301',
    description: 'Processes, scheduling, memory management and file systems.',
    modules: [
      { title: 'Processes and Scheduling', topics: ['CPU Scheduling', 'Synchronization'] },
      { title: 'Memory Management', topics: ['Paging', 'Virtual Memory'] },
    ],
  },
  {
    key: 'de',
    name: 'Digital Electronics',
    code: 'EC201',
    description: 'Number systems, Boolean algebra, combinational and sequential circuits.',
    modules: [
      { title: 'Boolean Algebra', topics: ['Karnaugh Maps', 'Logic Gates'] },
      { title: 'Sequential Circuits', topics: ['Flip-Flops', 'Counters'] },
    ],
  },
  {
    key: 'dbms',
    name: 'Database Systems',
    code: 'CS302',
    description: 'Relational model, SQL, normalization and transactions.',
    modules: [
      { title: 'Relational Model and SQL', topics: ['Relational Algebra', 'SQL Queries'] },
      { title: 'Design and Transactions', topics: ['Normalization', 'Concurrency Control'] },
    ],
  },
];

const OFFERINGS = [
  { key: 'nit-ds', branch: 'nit-cse', semester: 3, subject: 'ds', regulation: 'R2021' },
  { key: 'nit-dm', branch: 'nit-cse', semester: 3, subject: 'dm', regulation: 'R2021' },
  { key: 'nit-os', branch: 'nit-cse', semester: 4, subject: 'os', regulation: 'R2021' },
  { key: 'nit-de', branch: 'nit-ece', semester: 3, subject: 'de', regulation: 'R2021' },
  { key: 'rsu-ds', branch: 'rsu-cs', semester: 3, subject: 'ds', regulation: null },
  { key: 'rsu-dbms', branch: 'rsu-cs', semester: 4, subject: 'dbms', regulation: null },
];

const PAPERS: { offering: string; examYear: number; examType: ExamType; status: PaperStatus }[] = [
  { offering: 'nit-ds', examYear: 2023, examType: 'end-term', status: 'approved' },
  { offering: 'nit-ds', examYear: 2023, examType: 'mid-term', status: 'approved' },
  { offering: 'nit-ds', examYear: 2022, examType: 'supplementary', status: 'rejected' },
  { offering: 'nit-dm', examYear: 2023, examType: 'end-term', status: 'approved' },
  { offering: 'nit-dm', examYear: 2024, examType: 'quiz', status: 'draft' },
  { offering: 'nit-os', examYear: 2024, examType: 'end-term', status: 'pending' },
  { offering: 'nit-os', examYear: 2023, examType: 'mid-term', status: 'approved' },
  { offering: 'nit-de', examYear: 2023, examType: 'end-term', status: 'approved' },
  { offering: 'rsu-ds', examYear: 2022, examType: 'end-term', status: 'approved' },
  { offering: 'rsu-dbms', examYear: 2024, examType: 'mid-term', status: 'pending' },
];

interface QuestionSeed {
  type: QuestionType;
  difficulty: Difficulty;
  text: string;
  marks: number;
  options?: string[];
  answer?: string;
  /** Index of the module in the subject's syllabus, and of the topic within it. */
  module?: number;
  topic?: number;
  isVerified?: boolean;
}

/** Questions per subject; each paper of the subject takes a rotating selection of them. */
const QUESTIONS: Record<string, QuestionSeed[]> = {
  ds: [
    {
      type: 'mcq',
      difficulty: 'easy',
      text: 'Which data structure follows the last-in, first-out principle?',
      marks: 1,
      options: ['Queue', 'Stack', 'Heap', 'Graph'],
      answer: 'Stack',
      module: 0,
      topic: 1,
      isVerified: true,
    },
    {
      type: 'short',
      difficulty: 'medium',
      text: 'Explain the difference between a singly linked list and a doubly linked list.',
      marks: 4,
      module: 0,
      topic: 0,
    },
    {
      type: 'long',
      difficulty: 'hard',
      text: 'Describe insertion into an AVL tree, including all four rotation cases, with examples.',
      marks: 12,
      module: 1,
      topic: 2,
      isVerified: true,
    },
    {
      type: 'numerical',
      difficulty: 'medium',
      text: 'What is the maximum number of nodes in a binary tree of height 5 (root at height 0)?',
      marks: 2,
      answer: '63',
      module: 1,
    },
    {
      type: 'coding',
      difficulty: 'hard',
      text: 'Write a function that detects a cycle in a directed graph given as an adjacency list.',
      marks: 10,
      module: 2,
      topic: 0,
    },
    {
      type: 'mcq',
      difficulty: 'medium',
      text: 'What is the average-case time of a successful search in a hash table with chaining?',
      marks: 1,
      options: ['O(1 + load factor)', 'O(log n)', 'O(n)', 'O(n log n)'],
      answer: 'O(1 + load factor)',
      module: 2,
      topic: 1,
    },
  ],
  dm: [
    {
      type: 'mcq',
      difficulty: 'easy',
      text: 'Which of these propositions is a tautology?',
      marks: 1,
      options: ['p and not p', 'p or not p', 'p implies not p', 'not p'],
      answer: 'p or not p',
      module: 0,
      topic: 0,
      isVerified: true,
    },
    {
      type: 'long',
      difficulty: 'medium',
      text: 'Prove by strong induction that every integer greater than 1 is a product of primes.',
      marks: 8,
      module: 0,
      topic: 1,
    },
    {
      type: 'numerical',
      difficulty: 'hard',
      text: 'Solve the recurrence a(n) = 5a(n-1) - 6a(n-2) with a(0) = 1 and a(1) = 4; give a(5).',
      marks: 6,
      answer: '454',
      module: 1,
      topic: 1,
    },
  ],
  os: [
    {
      type: 'short',
      difficulty: 'easy',
      text: 'Define a race condition and give one example.',
      marks: 3,
      module: 0,
      topic: 1,
    },
    {
      type: 'numerical',
      difficulty: 'medium',
      text: 'Compute the average waiting time under round-robin scheduling (quantum 2) for bursts 5, 3 and 1.',
      marks: 5,
      answer: '3.67',
      module: 0,
      topic: 0,
    },
    {
      type: 'mcq',
      difficulty: 'hard',
      text: "Which page replacement algorithm can suffer from Belady's anomaly?",
      marks: 1,
      options: ['LRU', 'Optimal', 'FIFO', 'LFU'],
      answer: 'FIFO',
      module: 1,
      topic: 1,
    },
    {
      type: 'coding',
      difficulty: 'medium',
      text: 'Implement the producer-consumer problem with semaphores for a bounded buffer.',
      marks: 10,
      module: 0,
    },
  ],
  de: [
    {
      type: 'short',
      difficulty: 'easy',
      text: 'Draw the truth table of a two-input XOR gate.',
      marks: 2,
      module: 0,
      topic: 1,
      isVerified: true,
    },
    {
      type: 'long',
      difficulty: 'medium',
      text: 'Minimise F(A,B,C,D) = sum of minterms (0,1,2,5,8,9,10) with a Karnaugh map.',
      marks: 8,
      module: 0,
      topic: 0,
    },
    {
      type: 'mcq',
      difficulty: 'medium',
      text: 'How many flip-flops does a mod-10 ripple counter need?',
      marks: 1,
      options: ['3', '4', '5', '10'],
      answer: '4',
      module: 1,
      topic: 1,
    },
  ],
  dbms: [
    {
      type: 'short',
      difficulty: 'medium',
      text: 'State the conditions for a relation to be in Boyce-Codd normal form.',
      marks: 4,
      module: 1,
      topic: 0,
    },
    {
      type: 'coding',
      difficulty: 'easy',
      text: 'Write an SQL query listing the departments whose average salary exceeds 50000.',
      marks: 5,
      module: 0,
      topic: 1,
    },
    {
      type: 'long',
      difficulty: 'hard',
      text: 'Explain strict two-phase locking and show why it guarantees conflict-serializable schedules.',
      marks: 12,
      module: 1,
      topic: 1,
    },
  ],
};

const SOLUTION_TEXTS = [
  'Work through it step by step: state the definition, apply it to the given case, then check the edge cases.',
  'A shorter route: reduce the problem to a known result from the lectures and cite it.',
  'Draw the structure first; the answer falls out of the diagram, as shown below.',
];

function key(id: Id): string {
  return id.toHexString();
}

/**
 * Loads the sample catalog into an empty database and returns how many documents of each kind
 * it created. Refuses (409) when the database holds anything.
 */
export async function seedSampleCatalog(): Promise<{ created: Record<string, number> }> {
  if (!(await isDatabaseEmpty())) {
    throw new ConflictError(
      'The database is not empty: the sample catalog is only loaded into an empty database',
    );
  }

  const users = await UserModel.insertMany(
    USERS.map((u) => ({
      _id: userIdFor(u.key),
      externalId: u.key,
      role: u.role,
      isActive: true,
      name: u.name,
      email: `${u.key.replace('seed_', '')}@example.com`,
    })),
  );
  const userId = new Map(USERS.map((u, i) => [u.key, users[i]!._id]));
  const adminId = userId.get('seed_admin')!;
  const editorId = userId.get('seed_editor')!;

  const universities = await UniversityModel.insertMany(
    UNIVERSITIES.map((u) => ({
      name: u.name,
      shortName: u.shortName,
      slug: slugify(u.shortName),
      isActive: true,
    })),
  );
  const universityByBranch = new Map<string, Id>();
  const branchRows = UNIVERSITIES.flatMap((u, i) =>
    u.branches.map((b) => {
      universityByBranch.set(b.key, universities[i]!._id);
      return {
        key: b.key,
        semesters: b.semesters,
        doc: { universityId: universities[i]!._id, name: b.name, code: b.code },
      };
    }),
  );
  const branches = await BranchModel.insertMany(branchRows.map((b) => b.doc));
  const branchId = new Map(branchRows.map((b, i) => [b.key, branches[i]!._id]));

  const semesterRows = branchRows.flatMap((b) =>
    b.semesters.map((number) => ({
      key: `${b.key}:${number}`,
      doc: {
        branchId: branchId.get(b.key)!,
        universityId: universityByBranch.get(b.key)!,
        number,
        name: `Semester ${number}`,
      },
    })),
  );
  const semesters = await SemesterModel.insertMany(semesterRows.map((s) => s.doc));
  const semesterId = new Map(semesterRows.map((s, i) => [s.key, semesters[i]!._id]));

  const subjects = await SubjectModel.insertMany(
    SUBJECTS.map((s) => ({
      name: s.name,
      code: s.code,
      slug: slugify(s.name),
      description: s.description,
    })),
  );
  const subjectId = new Map(SUBJECTS.map((s, i) => [s.key, subjects[i]!._id]));

  const offerings = await SubjectOfferingModel.insertMany(
    OFFERINGS.map((o) => ({
      universityId: universityByBranch.get(o.branch)!,
      branchId: branchId.get(o.branch)!,
      semesterId: semesterId.get(`${o.branch}:${o.semester}`)!,
      subjectId: subjectId.get(o.subject)!,
      regulation: o.regulation,
    })),
  );
  const offeringId = new Map(OFFERINGS.map((o, i) => [o.key, offerings[i]!._id]));

  const syllabi = await SyllabusModel.insertMany(
    offerings.map((o) => ({ subjectOfferingId: o._id, universityId: o.universityId })),
  );

  // Modules and topics: each offering gets its subject's syllabus tree.
  const moduleRows = OFFERINGS.flatMap((o, i) =>
    SUBJECTS.find((s) => s.key === o.subject)!.modules.map((m, order) => ({
      offering: o.key,
      index: order,
      topics: m.topics,
      doc: {
        syllabusId: syllabi[i]!._id,
        subjectOfferingId: offerings[i]!._id,
        universityId: offerings[i]!.universityId,
        title: m.title,
        order: order + 1,
      },
    })),
  );
  const modules = await ModuleModel.insertMany(moduleRows.map((m) => m.doc));
  const moduleId = new Map(moduleRows.map((m, i) => [`${m.offering}:${m.index}`, modules[i]!._id]));
  const topicRows = moduleRows.flatMap((m, i) =>
    m.topics.map((title, order) => ({
      key: `${m.offering}:${m.index}:${order}`,
      doc: {
        moduleId: modules[i]!._id,
        syllabusId: m.doc.syllabusId,
        subjectOfferingId: m.doc.subjectOfferingId,
        universityId: m.doc.universityId,
        title,
        order: order + 1,
      },
    })),
  );
  const topics = await TopicModel.insertMany(topicRows.map((t) => t.doc));
  const topicId = new Map(topicRows.map((t, i) => [t.key, topics[i]!._id]));

  // Papers, with a history that ends at their status.
  const day = 24 * 60 * 60 * 1000;
  const now = Date.now();
  const usedPaperSlugs = new Set<string>();
  const paperDocs = PAPERS.map((p, i) => {
    const subject = SUBJECTS.find(
      (s) => s.key === OFFERINGS.find((o) => o.key === p.offering)!.subject,
    )!;
    const university = p.offering.startsWith('nit') ? 'NFIT' : 'RSU';
    const title = `${subject.name} ${p.examType} ${p.examYear}`;
    let slug = slugify(`${university} ${title}`);
    for (let n = 2; usedPaperSlugs.has(slug); n += 1)
      slug = `${slugify(`${university} ${title}`)}-${n}`;
    usedPaperSlugs.add(slug);
    const submitted = new Date(now - (60 - i) * day);
    const history: {
      from: PaperStatus;
      to: PaperStatus;
      by: Id;
      at: Date;
      reason: string | null;
    }[] = [];
    if (p.status !== 'draft') {
      history.push({
        from: 'draft',
        to: 'pending',
        by: adminId,
        at: submitted,
        reason: 'Submitted for review',
      });
    }
    if (p.status === 'approved') {
      history.push({
        from: 'pending',
        to: 'approved',
        by: adminId,
        at: new Date(submitted.getTime() + 2 * day),
        reason: null,
      });
    }
    if (p.status === 'rejected') {
      history.push({
        from: 'pending',
        to: 'rejected',
        by: adminId,
        at: new Date(submitted.getTime() + 3 * day),
        reason: 'Scan is illegible; please upload a clearer copy',
      });
    }
    const offering = offerings.find((o) => o._id === offeringId.get(p.offering))!;
    return {
      subjectOfferingId: offering._id,
      universityId: offering.universityId,
      branchId: offering.branchId,
      semesterId: offering.semesterId,
      subjectId: offering.subjectId,
      examYear: p.examYear,
      examType: p.examType,
      title,
      slug,
      status: p.status,
      statusHistory: history,
      createdBy: i % 2 === 0 ? editorId : adminId,
    };
  });
  const papers = await PaperModel.insertMany(paperDocs);

  // Questions: each paper takes its subject's questions, rotated so papers of one subject differ.
  const usedQuestionSlugs = new Set<string>();
  const questionRows = PAPERS.flatMap((p, paperIndex) => {
    const subjectKey = OFFERINGS.find((o) => o.key === p.offering)!.subject;
    const pool = QUESTIONS[subjectKey]!;
    const take = Math.min(pool.length, p.examType === 'quiz' ? 2 : 4);
    return Array.from({ length: take }, (_, k) => {
      const q = pool[(k + paperIndex) % pool.length]!;
      const base = slugify(q.text.split(/\s+/).slice(0, 8).join(' '));
      let slug = base;
      for (let n = 2; usedQuestionSlugs.has(slug); n += 1) slug = `${base}-${n}`;
      usedQuestionSlugs.add(slug);
      const moduleKey = q.module === undefined ? null : `${p.offering}:${q.module}`;
      const topicKey = moduleKey && q.topic !== undefined ? `${moduleKey}:${q.topic}` : null;
      return {
        paperStatus: p.status,
        doc: {
          paperId: papers[paperIndex]!._id,
          subjectOfferingId: papers[paperIndex]!.subjectOfferingId,
          universityId: papers[paperIndex]!.universityId,
          paperStatus: p.status,
          examYear: papers[paperIndex]!.examYear,
          moduleId: moduleKey ? moduleId.get(moduleKey)! : null,
          topicId: topicKey ? topicId.get(topicKey)! : null,
          text: q.text,
          type: q.type,
          difficulty: q.difficulty,
          marks: q.marks,
          ...(q.type === 'mcq' ? { options: q.options } : {}),
          answer: q.answer ?? null,
          slug,
          isVerified: q.isVerified ?? false,
          createdBy: paperDocs[paperIndex]!.createdBy,
        },
      };
    });
  });
  const questions = await QuestionModel.insertMany(questionRows.map((q) => q.doc));

  // Solutions on questions of approved papers, written by the normal users and the editor.
  const authors = ['seed_alice', 'seed_bob', 'seed_carol', 'seed_editor'].map((k) =>
    userId.get(k)!,
  );
  const solutionRows = questions.flatMap((question, i) => {
    if (questionRows[i]!.paperStatus !== 'approved') return [];
    const count = (i % 3) + 1;
    return Array.from({ length: count }, (_, k) => ({
      questionId: question._id,
      paperId: question.paperId,
      subjectOfferingId: question.subjectOfferingId,
      universityId: question.universityId,
      paperStatus: question.paperStatus,
      authorId: authors[(i + k) % authors.length]!,
      content: SOLUTION_TEXTS[k % SOLUTION_TEXTS.length]!,
    }));
  });
  const solutions = await SolutionModel.insertMany(solutionRows);

  // Votes from every user but the author, in a pattern that gives a spread of scores.
  const voters = USERS.map((u) => userId.get(u.key)!);
  const voteRows = solutions.flatMap((solution, i) =>
    voters
      .filter((voter) => key(voter) !== key(solution.authorId))
      .flatMap((voter, v) => {
        const pattern = (i + v) % 4;
        if (pattern === 3) return [];
        return [
          {
            solutionId: solution._id,
            questionId: solution.questionId,
            subjectOfferingId: solution.subjectOfferingId,
            userId: voter,
            value: pattern === 2 ? -1 : 1,
          },
        ];
      }),
  );
  const votes = await VoteModel.insertMany(voteRows);

  return {
    created: {
      users: users.length,
      universities: universities.length,
      branches: branches.length,
      semesters: semesters.length,
      subjects: subjects.length,
      subjectOfferings: offerings.length,
      syllabi: syllabi.length,
      modules: modules.length,
      topics: topics.length,
      papers: papers.length,
      questions: questions.length,
      solutions: solutions.length,
      votes: votes.length,
    },
  };
}
