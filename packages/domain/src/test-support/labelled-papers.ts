// The drafts' labelled set: generated papers in the numbering, marks and option styles real
// papers use, in one and two columns, with running headers and footers, each committed with the
// questions it holds (what reading it must give back) and the topic each belongs to.
import { MARKS, NUMBERING, OPTIONS } from '../drafts/sample-paper.js';
import type { PaperStyle, SampleQuestion } from '../drafts/sample-paper.js';

/** The syllabus the set's questions are labelled with (the sample catalog's Data Structures). */
export const SYLLABUS = [
  { title: 'Linear Data Structures', topics: ['Arrays and Linked Lists', 'Stacks and Queues'] },
  { title: 'Trees', topics: ['Binary Search Trees', 'Heaps', 'AVL Trees'] },
  { title: 'Graphs and Hashing', topics: ['Graph Traversal', 'Hash Tables'] },
] as const;

/** A labelled question: what is printed, and the topic (title) it is about. */
export interface LabelledQuestion extends SampleQuestion {
  topic: string;
}

const Q = (topic: string, text: string, marks: number | null, more: Partial<SampleQuestion> = {}) =>
  ({ topic, text, marks, ...more }) as LabelledQuestion;

/** Every question of the set, drawn on by the papers below. */
export const BANK: LabelledQuestion[] = [
  Q(
    'Arrays and Linked Lists',
    'Write a function to reverse a singly linked list in place and state its running time.',
    6,
  ),
  Q(
    'Arrays and Linked Lists',
    'Compare arrays and linked lists for insertion, deletion and random access.',
    5,
  ),
  Q(
    'Arrays and Linked Lists',
    'Explain how a doubly linked list supports deletion of a given node in constant time.',
    4,
  ),
  Q(
    'Arrays and Linked Lists',
    'What is the cost of inserting at the front of an array of n elements?',
    1,
    {
      options: ['O(1)', 'O(log n)', 'O(n)', 'O(n log n)'],
    },
  ),
  Q('Arrays and Linked Lists', 'Describe a circular linked list and one application of it.', 3),
  Q(
    'Stacks and Queues',
    'Explain how a stack can be used to check balanced parentheses in an expression.',
    5,
  ),
  Q(
    'Stacks and Queues',
    'Implement a queue using two stacks and analyse the amortised cost of each operation.',
    8,
  ),
  Q('Stacks and Queues', 'Which structure follows last in, first out order?', 1, {
    options: ['Queue', 'Stack', 'Deque', 'Priority list'],
  }),
  Q('Stacks and Queues', 'Convert an infix expression to postfix using a stack.', 10, {
    parts: [
      'State the precedence rules the conversion relies on for each operator.',
      'Convert the expression a + b * c - d / e to postfix, showing the stack at each step.',
    ],
  }),
  Q('Stacks and Queues', 'Explain the circular queue and how it avoids wasted space.', 4),
  Q(
    'Binary Search Trees',
    'Write the algorithm to delete a key from a binary search tree and explain each case.',
    8,
  ),
  Q(
    'Binary Search Trees',
    'Which traversal of a binary search tree gives the keys in sorted order?',
    1,
    {
      options: ['Preorder', 'Inorder', 'Postorder', 'Level order'],
    },
  ),
  Q(
    'Binary Search Trees',
    'Insert the keys 50, 30, 70, 20, 40, 60 and 80 into an empty binary search tree.',
    5,
    {
      parts: [
        'Draw the binary search tree after all insertions.',
        'Give the inorder and preorder traversals of the resulting tree.',
      ],
    },
  ),
  Q(
    'Binary Search Trees',
    'Explain why searching a binary search tree can take linear time in the worst case.',
    3,
  ),
  Q('Heaps', 'Explain heap sort and show its steps on the array 4, 10, 3, 5, 1.', 8),
  Q('Heaps', 'Describe how a binary heap supports extract-min and analyse its cost.', 5),
  Q('Heaps', 'In a max heap stored in an array, where is the largest element?', 1, {
    options: ['At the last index', 'At the root', 'At a leaf', 'In the middle'],
  }),
  Q('Heaps', 'Build a min heap from the keys 9, 4, 7, 1, 8, 2 using bottom-up heapify.', 6),
  Q(
    'AVL Trees',
    'Explain the four rotations used to rebalance an AVL tree, with a diagram of each.',
    10,
  ),
  Q('AVL Trees', 'Insert 10, 20, 30, 25 and 28 into an empty AVL tree, showing every rotation.', 8),
  Q('AVL Trees', 'What is the largest balance factor allowed at a node of an AVL tree?', 1, {
    options: ['0', '1', '2', 'Any value'],
  }),
  Q('AVL Trees', 'Prove that the height of an AVL tree with n nodes is O(log n).', 6),
  Q(
    'Graph Traversal',
    'Explain breadth first traversal of a graph and give its time complexity.',
    5,
  ),
  Q('Graph Traversal', 'Write depth first traversal of a graph using an explicit stack.', 6),
  Q(
    'Graph Traversal',
    'Which traversal of a graph finds shortest paths in an unweighted graph?',
    1,
    {
      options: ['Depth first', 'Breadth first', 'Inorder', 'Topological'],
    },
  ),
  Q('Graph Traversal', 'Use traversal to detect a cycle in a directed graph.', 8, {
    parts: [
      'Explain how the colours of the vertices reveal a back edge during the traversal.',
      'Apply the method to a directed graph of five vertices that holds one cycle.',
    ],
  }),
  Q(
    'Hash Tables',
    'Compare chaining and open addressing for resolving collisions in hash tables.',
    5,
  ),
  Q('Hash Tables', 'Explain rehashing and when a hash table should grow.', 4),
  Q('Hash Tables', 'Which probing of a hash table suffers from primary clustering?', 1, {
    options: ['Linear probing', 'Quadratic probing', 'Double hashing', 'Separate chaining'],
  }),
  Q(
    'Hash Tables',
    'Insert the keys 23, 43, 13 and 27 into a hash table of size 10 with linear probing.',
    6,
  ),
];

/** One paper of the set: a style and the questions it prints, in order. */
export interface LabelledPaper {
  name: string;
  style: PaperStyle;
  questions: LabelledQuestion[];
}

const HEADER = 'Northfield Institute of Technology - B.Tech. Examinations';
const footer = (page: number, pages: number) => `Page ${page} of ${pages}`;
const INSTRUCTIONS = [
  'Time: 3 hours Maximum Marks: 70',
  'Instructions: Answer all questions. Figures on the right show marks.',
];

const pick = (...indexes: number[]) => indexes.map((i) => BANK[i]!);

/**
 * Eleven papers: every numbering, marks and options style, one and two columns, a marks column.
 */
export const LABELLED_PAPERS: LabelledPaper[] = [
  {
    name: 'dot numbering, [n marks], (a) options, one column',
    style: {
      numbering: NUMBERING.dot,
      marks: MARKS.bracketWord,
      option: OPTIONS.paren,
      columns: 1,
      header: HEADER,
      footer,
      instructions: INSTRUCTIONS,
    },
    questions: pick(0, 3, 5, 11, 14, 18, 22, 26),
  },
  {
    name: 'paren numbering, (n marks), A. options, one column',
    style: {
      numbering: NUMBERING.paren,
      marks: MARKS.parenWord,
      option: OPTIONS.capital,
      columns: 1,
      header: HEADER,
      footer,
      instructions: INSTRUCTIONS,
    },
    questions: pick(1, 7, 10, 15, 19, 23, 27, 28),
  },
  {
    name: 'Q numbering, [n], (a) options inline, one column',
    style: {
      numbering: NUMBERING.q,
      marks: MARKS.bracket,
      option: OPTIONS.paren,
      optionsInline: true,
      columns: 1,
      header: HEADER,
      footer,
      instructions: INSTRUCTIONS,
    },
    questions: pick(2, 6, 11, 16, 20, 24, 29),
  },
  {
    name: 'Q.n numbering, nM, A. options, one column, sub-parts',
    style: {
      numbering: NUMBERING.qDot,
      marks: MARKS.m,
      option: OPTIONS.capital,
      columns: 1,
      header: HEADER,
      footer,
      instructions: INSTRUCTIONS,
    },
    questions: pick(8, 12, 17, 21, 25, 3, 9),
  },
  {
    name: 'Question n numbering, [n marks], (a) options, one column',
    style: {
      numbering: NUMBERING.word,
      marks: MARKS.bracketWord,
      option: OPTIONS.paren,
      columns: 1,
      header: HEADER,
      footer,
      instructions: INSTRUCTIONS,
    },
    questions: pick(4, 7, 13, 14, 19, 22, 28, 26),
  },
  {
    name: 'dot numbering, (n marks), (a) options, two columns',
    style: {
      numbering: NUMBERING.dot,
      marks: MARKS.parenWord,
      option: OPTIONS.paren,
      columns: 2,
      header: HEADER,
      footer,
      instructions: INSTRUCTIONS,
    },
    questions: pick(0, 1, 3, 6, 10, 11, 15, 18, 23, 27),
  },
  {
    name: 'Q numbering, [n marks], A. options, two columns',
    style: {
      numbering: NUMBERING.q,
      marks: MARKS.bracketWord,
      option: OPTIONS.capital,
      columns: 2,
      header: HEADER,
      footer,
      instructions: INSTRUCTIONS,
    },
    questions: pick(2, 5, 7, 12, 16, 20, 24, 29, 9),
  },
  {
    name: 'paren numbering, [n], (a) options, two columns, sub-parts',
    style: {
      numbering: NUMBERING.paren,
      marks: MARKS.bracket,
      option: OPTIONS.paren,
      columns: 2,
      header: HEADER,
      footer,
      instructions: INSTRUCTIONS,
    },
    questions: pick(8, 13, 17, 21, 25, 28, 4),
  },
  {
    name: 'Question n numbering, nM, (a) options inline, two columns',
    style: {
      numbering: NUMBERING.word,
      marks: MARKS.m,
      option: OPTIONS.paren,
      optionsInline: true,
      columns: 2,
      header: HEADER,
      footer,
      instructions: INSTRUCTIONS,
    },
    questions: pick(1, 3, 14, 19, 22, 26, 11),
  },
  {
    name: 'Q.n numbering, (n marks), A. options, one column, no header',
    style: {
      numbering: NUMBERING.qDot,
      marks: MARKS.parenWord,
      option: OPTIONS.capital,
      columns: 1,
      footer,
      instructions: INSTRUCTIONS,
    },
    questions: pick(0, 5, 10, 15, 20, 25, 7, 16, 24, 29, 18, 12),
  },
  {
    name: 'dot numbering, marks column, (a) options, one column, dashed page numbers',
    style: {
      numbering: NUMBERING.dot,
      marks: MARKS.bracket,
      option: OPTIONS.paren,
      marksColumn: true,
      columns: 1,
      header: HEADER,
      footer: (page: number) => `— ${page} —`,
      instructions: INSTRUCTIONS,
    },
    questions: pick(2, 4, 6, 8, 11, 13, 17, 19, 21, 23, 25, 27),
  },
];
