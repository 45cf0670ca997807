// The sample catalog: what it holds, apart from how it is loaded (load.ts). Small, but every
// kind of thing the service knows appears: every paper status, question type and difficulty,
// mcq options, questions with and without module and topic, solutions and votes.
import type { Role } from '../access.js';

import type { ExamType, PaperStatus } from '../paper/schema.js';
import type { Difficulty, QuestionType } from '../question/schema.js';

export const USERS: { key: string; role: Role; name: string }[] = [
  { key: 'seed_admin', role: 'admin', name: 'Asha Admin' },
  { key: 'seed_editor', role: 'editor', name: 'Eli Editor' },
  { key: 'seed_alice', role: 'normal', name: 'Alice Rao' },
  { key: 'seed_bob', role: 'normal', name: 'Bob Mehta' },
  { key: 'seed_carol', role: 'normal', name: 'Carol Singh' },
  { key: 'seed_dave', role: 'normal', name: 'Dave Iyer' },
];

export const UNIVERSITIES = [
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

export const SUBJECTS = [
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

export const OFFERINGS = [
  { key: 'nit-ds', branch: 'nit-cse', semester: 3, subject: 'ds', regulation: 'R2021' },
  { key: 'nit-dm', branch: 'nit-cse', semester: 3, subject: 'dm', regulation: 'R2021' },
  { key: 'nit-os', branch: 'nit-cse', semester: 4, subject: 'os', regulation: 'R2021' },
  { key: 'nit-de', branch: 'nit-ece', semester: 3, subject: 'de', regulation: 'R2021' },
  { key: 'rsu-ds', branch: 'rsu-cs', semester: 3, subject: 'ds', regulation: null },
  { key: 'rsu-dbms', branch: 'rsu-cs', semester: 4, subject: 'dbms', regulation: null },
];

export const PAPERS: {
  offering: string;
  examYear: number;
  examType: ExamType;
  status: PaperStatus;
}[] = [
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

export interface QuestionSeed {
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
export const QUESTIONS: Record<string, QuestionSeed[]> = {
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

export const SOLUTION_TEXTS = [
  'Work through it step by step: state the definition, apply it to the given case, then check the edge cases.',
  'A shorter route: reduce the problem to a known result from the lectures and cite it.',
  'Draw the structure first; the answer falls out of the diagram, as shown below.',
];
