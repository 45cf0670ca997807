// The other subjects of the labelled set: networks, mathematics, and data structures (whose
// questions are the earlier labelled set's bank, parts printed as drafts of their own).
import { BANK, SYLLABUS } from '../labelled-papers.js';
import { mcq, parts, q } from './subject.js';
import type { SetQuestion, SetSubject } from './subject.js';

export const NETWORKS: SetSubject = {
  name: 'Computer Networks',
  modules: [
    {
      title: 'Lower Layers',
      topics: [
        'Physical Layer Encoding',
        'Error Detection and Correction',
        'Medium Access Control',
      ],
    },
    {
      title: 'Network and Transport',
      topics: [
        'IP Addressing and Subnetting',
        'Routing Algorithms',
        'TCP and UDP',
        'Congestion Control',
      ],
    },
    { title: 'Application Layer', topics: ['DNS and HTTP'] },
  ],
  bank: [
    q(
      'Physical Layer Encoding',
      'Draw the Manchester and NRZ encoding of the bit stream 10110010.',
      5,
    ),
    mcq(
      'Physical Layer Encoding',
      'Which encoding guarantees a transition in the middle of every bit?',
      ['NRZ-L', 'NRZ-I', 'Manchester', 'AMI'],
    ),
    q(
      'Error Detection and Correction',
      'Compute the CRC of the message 1101011011 with the generator 10011 for error detection.',
      8,
    ),
    q(
      'Error Detection and Correction',
      'Explain how a Hamming code locates and corrects a single bit error.',
      6,
    ),
    mcq('Error Detection and Correction', 'A parity bit can detect:', [
      'All burst errors',
      'Any odd number of bit errors',
      'Any two bit errors',
      'No errors',
    ]),
    q(
      'Medium Access Control',
      'Explain CSMA/CD medium access control and the binary exponential backoff.',
      6,
    ),
    q(
      'Medium Access Control',
      'Compare pure ALOHA and slotted ALOHA for their maximum throughput.',
      4,
    ),
    q(
      'IP Addressing and Subnetting',
      'Divide the network 192.168.10.0/24 into six subnets and give the range of each subnet.',
      8,
    ),
    mcq('IP Addressing and Subnetting', 'How many host addresses does a /26 subnet provide?', [
      '30',
      '62',
      '64',
      '126',
    ]),
    q(
      'IP Addressing and Subnetting',
      'Explain classless addressing and how CIDR reduces routing tables.',
      5,
    ),
    q(
      'Routing Algorithms',
      'Apply the distance vector routing algorithm to the given network of five routers.',
      8,
    ),
    q(
      'Routing Algorithms',
      'Explain the count to infinity problem of distance vector routing and split horizon.',
      5,
    ),
    parts(
      'Routing Algorithms',
      ['Explain link state routing and how each router floods its link state packets.', 4],
      ['Run Dijkstra on the given graph to build the routing table of router A.', 6],
    ),
    q('TCP and UDP', 'Explain the TCP three way handshake and connection release.', 5),
    mcq('TCP and UDP', 'Which transport protocol is connectionless?', [
      'TCP',
      'UDP',
      'SCTP',
      'HTTP',
    ]),
    q(
      'TCP and UDP',
      'Compare the headers of TCP and UDP and name an application suited to each.',
      4,
    ),
    q(
      'Congestion Control',
      'Explain slow start and congestion avoidance in TCP congestion control.',
      6,
    ),
    parts(
      'Congestion Control',
      ['Describe the leaky bucket algorithm for traffic shaping.', 3],
      ['Compare it with the token bucket algorithm for congestion control.', 3],
    ),
    q('DNS and HTTP', 'Trace the resolution of a domain name by iterative DNS queries.', 5),
    q(
      'DNS and HTTP',
      'Explain persistent and non persistent HTTP connections with their round trip times.',
      5,
    ),
  ],
};

export const MATHEMATICS: SetSubject = {
  name: 'Engineering Mathematics',
  modules: [
    {
      title: 'Calculus',
      topics: ['Limits and Continuity', 'Partial Differentiation', 'Multiple Integrals'],
    },
    { title: 'Linear Algebra', topics: ['Rank of a Matrix', 'Eigenvalues and Eigenvectors'] },
    {
      title: 'Differential Equations',
      topics: ['First Order Differential Equations', 'Laplace Transforms'],
    },
  ],
  bank: [
    q(
      'Limits and Continuity',
      'Examine the continuity of f(x) = |x| / x at x = 0 using left and right limits.',
      5,
    ),
    mcq('Limits and Continuity', 'The limit of sin x / x as x tends to 0 is:', [
      '0',
      '1',
      'Infinity',
      'Does not exist',
    ]),
    q(
      'Limits and Continuity',
      'Evaluate the limit of (1 + 1/n) to the power n as n tends to infinity.',
      4,
    ),
    q(
      'Partial Differentiation',
      "If u = log(x^2 + y^2), verify Euler's theorem using partial derivatives.",
      6,
    ),
    q(
      'Partial Differentiation',
      'Find the maxima and minima of x^3 + y^3 - 3xy using partial differentiation.',
      8,
    ),
    parts(
      'Partial Differentiation',
      ['Find the total derivative of z = xy^2 where x = t and y = t^2.', 3],
      ['Find the Jacobian of the change to polar coordinates by partial differentiation.', 4],
    ),
    q(
      'Multiple Integrals',
      'Evaluate the double integral of xy over the region bounded by y = x and y = x^2.',
      6,
    ),
    q(
      'Multiple Integrals',
      'Change the order of integration and evaluate the double integral of e^(-y)/y.',
      8,
    ),
    mcq('Multiple Integrals', 'The area of a region by a double integral is the integral of:', [
      'x',
      'y',
      '1',
      'xy',
    ]),
    q('Rank of a Matrix', 'Find the rank of the 3 by 4 matrix by reducing it to echelon form.', 5),
    q(
      'Rank of a Matrix',
      'Test the consistency of the system of equations using the rank of its augmented matrix.',
      6,
    ),
    mcq('Rank of a Matrix', 'The rank of a 3 by 3 matrix with determinant 0 is at most:', [
      '0',
      '1',
      '2',
      '3',
    ]),
    q(
      'Eigenvalues and Eigenvectors',
      'Find the eigenvalues and eigenvectors of the given 3 by 3 matrix.',
      8,
    ),
    q(
      'Eigenvalues and Eigenvectors',
      'Verify the Cayley Hamilton theorem for the matrix and find its inverse from eigenvalues.',
      8,
    ),
    mcq('Eigenvalues and Eigenvectors', 'The sum of the eigenvalues of a matrix equals its:', [
      'Determinant',
      'Trace',
      'Rank',
      'Order',
    ]),
    q(
      'First Order Differential Equations',
      'Solve the first order linear differential equation dy/dx + y tan x = sec x.',
      5,
    ),
    q(
      'First Order Differential Equations',
      'Solve the exact differential equation (2xy + y^2) dx + (x^2 + 2xy) dy = 0.',
      5,
    ),
    parts(
      'Laplace Transforms',
      ['Find the Laplace transform of t sin 2t.', 3],
      ['Find the inverse Laplace transform of 1 / (s^2 (s + 1)) by partial fractions.', 4],
    ),
    q(
      'Laplace Transforms',
      "Solve y'' + 4y = 0 with y(0) = 1 and y'(0) = 0 using Laplace transforms.",
      8,
    ),
  ],
};

const asSetQuestion = (b: (typeof BANK)[number]): SetQuestion => {
  if (b.options) return mcq(b.topic, b.text, b.options, b.marks ?? 1);
  if (!b.parts) return q(b.topic, b.text, b.marks ?? 1);
  // The stem leads the first part; the marks are shared out, the first part taking the rest.
  const each = Math.floor((b.marks ?? 2) / b.parts.length);
  const first = (b.marks ?? 2) - each * (b.parts.length - 1);
  return parts(
    b.topic,
    ...b.parts.map((p, i): [string, number] => [
      i === 0 ? `${b.text} ${p}` : p,
      i === 0 ? first : each,
    ]),
  );
};

export const DATA_STRUCTURES: SetSubject = {
  name: 'Data Structures',
  modules: SYLLABUS.map((m) => ({ title: m.title, topics: [...m.topics] })),
  bank: BANK.map(asSetQuestion),
};
