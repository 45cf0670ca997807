// The computing subjects of the labelled set: operating systems and databases.
import { mcq, parts, q } from './subject.js';
import type { SetSubject } from './subject.js';

export const OPERATING_SYSTEMS: SetSubject = {
  name: 'Operating Systems',
  modules: [
    {
      title: 'Process Management',
      topics: ['Processes and Threads', 'CPU Scheduling', 'Process Synchronization', 'Deadlocks'],
    },
    {
      title: 'Memory and Storage',
      topics: ['Paging and Segmentation', 'Virtual Memory', 'File Systems', 'Disk Scheduling'],
    },
  ],
  bank: [
    q(
      'Processes and Threads',
      'Draw the state diagram of a process and explain each transition between the states.',
      6,
    ),
    q(
      'Processes and Threads',
      'Compare user level threads and kernel level threads with one advantage of each.',
      5,
    ),
    mcq('Processes and Threads', 'Which system call creates a new process in Unix?', [
      'exec',
      'fork',
      'wait',
      'exit',
    ]),
    q(
      'CPU Scheduling',
      'Compute the average waiting time of five jobs under round robin scheduling with a quantum of 4 ms.',
      8,
    ),
    q(
      'CPU Scheduling',
      'Explain why shortest job first scheduling is optimal for the average waiting time.',
      4,
    ),
    mcq('CPU Scheduling', 'Which scheduling policy can cause starvation of long jobs?', [
      'First come first served',
      'Round robin',
      'Shortest job first',
      'Multilevel feedback with aging',
    ]),
    q(
      'Process Synchronization',
      'State the critical section problem and the three conditions a solution must meet.',
      5,
    ),
    q(
      'Process Synchronization',
      'Solve the bounded buffer producer consumer problem using semaphores.',
      8,
    ),
    parts(
      'Process Synchronization',
      ['Explain the dining philosophers synchronization problem.', 4],
      ['Give a monitor based solution to it that avoids deadlock.', 6],
    ),
    q('Deadlocks', 'State the four necessary conditions for a deadlock to occur.', 4),
    q(
      'Deadlocks',
      "Apply the banker's algorithm to decide whether the given state is safe, showing the need matrix.",
      10,
    ),
    mcq(
      'Deadlocks',
      'A resource allocation graph with a cycle and single instance resources means:',
      ['No deadlock', 'A deadlock', 'Starvation only', 'A safe state'],
    ),
    q(
      'Paging and Segmentation',
      'Explain address translation with a page table and a translation lookaside buffer.',
      6,
    ),
    q(
      'Paging and Segmentation',
      'Compare paging and segmentation with respect to fragmentation.',
      5,
    ),
    q(
      'Virtual Memory',
      'Count the page faults of the reference string 7 0 1 2 0 3 0 4 with three frames under LRU replacement.',
      8,
    ),
    q(
      'Virtual Memory',
      'Explain thrashing in virtual memory and how the working set model prevents it.',
      5,
    ),
    mcq('Virtual Memory', "Belady's anomaly can occur with which page replacement policy?", [
      'LRU',
      'Optimal',
      'FIFO',
      'LFU',
    ]),
    q(
      'File Systems',
      'Describe indexed allocation of disk blocks to files and the size limit it implies.',
      6,
    ),
    parts(
      'File Systems',
      ['Explain the structure of an inode in a Unix file system.', 3],
      [
        'Compute the largest file size with twelve direct blocks and one indirect block of 1 KB.',
        4,
      ],
    ),
    q(
      'Disk Scheduling',
      'Find the total head movement for the request queue 98 183 37 122 under SCAN disk scheduling.',
      6,
    ),
    mcq('Disk Scheduling', 'Which disk scheduling algorithm serves the nearest request first?', [
      'FCFS',
      'SSTF',
      'SCAN',
      'C-LOOK',
    ]),
  ],
};

export const DATABASES: SetSubject = {
  name: 'Database Systems',
  modules: [
    {
      title: 'Data Modelling',
      topics: ['Entity Relationship Model', 'Relational Algebra', 'SQL Queries'],
    },
    {
      title: 'Design and Transactions',
      topics: ['Normalization', 'Transactions and Concurrency Control', 'Indexing', 'Recovery'],
    },
  ],
  bank: [
    q(
      'Entity Relationship Model',
      'Draw an entity relationship diagram for a library with members, books and loans.',
      8,
    ),
    q(
      'Entity Relationship Model',
      'Explain weak entity sets with an example and how they map to relations.',
      5,
    ),
    mcq(
      'Entity Relationship Model',
      'In an entity relationship diagram, a double rectangle shows:',
      ['A strong entity', 'A weak entity', 'A relationship', 'An attribute'],
    ),
    q(
      'Relational Algebra',
      'Write relational algebra expressions for the names of students enrolled in every course.',
      6,
    ),
    q(
      'Relational Algebra',
      'Explain the natural join and the division operations of relational algebra.',
      5,
    ),
    q(
      'SQL Queries',
      'Write SQL queries to list each department with its highest salary and the employee earning it.',
      6,
    ),
    q('SQL Queries', 'Explain correlated subqueries in SQL with an example query.', 4),
    mcq('SQL Queries', 'Which SQL clause filters groups after aggregation?', [
      'WHERE',
      'HAVING',
      'ORDER BY',
      'DISTINCT',
    ]),
    parts(
      'SQL Queries',
      ['Write an SQL query creating a view of the orders of the last month.', 3],
      ['Explain when a view can be updated through SQL.', 3],
    ),
    q(
      'Normalization',
      'Decompose the relation R(A, B, C, D) with A -> B and B -> C into third normal form.',
      8,
    ),
    q('Normalization', 'Compare third normal form and Boyce Codd normal form with an example.', 5),
    mcq('Normalization', 'A relation with no partial dependency on a key is at least in:', [
      'First normal form',
      'Second normal form',
      'Fourth normal form',
      'Fifth normal form',
    ]),
    q(
      'Transactions and Concurrency Control',
      'Explain the ACID properties of a transaction with an example of each.',
      5,
    ),
    q(
      'Transactions and Concurrency Control',
      'Test the given schedule for conflict serializability using a precedence graph.',
      6,
    ),
    parts(
      'Transactions and Concurrency Control',
      ['Explain the two phase locking protocol for concurrency control.', 5],
      ['Show how strict two phase locking avoids cascading rollbacks in transactions.', 5],
    ),
    q('Indexing', 'Insert the keys 10 20 5 6 12 30 7 17 into a B+ tree index of order 3.', 8),
    q('Indexing', 'Compare dense and sparse indexing with a diagram of each.', 4),
    mcq('Indexing', 'Which index structure suits range queries best?', [
      'Hash index',
      'B+ tree',
      'Bitmap on a key',
      'Heap file',
    ]),
    q(
      'Recovery',
      'Explain log based recovery with deferred and immediate database modification.',
      6,
    ),
    q('Recovery', 'Describe checkpoints and how they shorten recovery after a crash.', 4),
  ],
};
