// The topic suggestion alone, on stems and weights given here: only a clear leader is named.
import { describe, expect, it } from 'vitest';
import { stemsOf, suggestTopic } from './suggest.js';
import type { SyllabusTopic } from './suggest.js';

function topic(id: string, title: string, moduleTitle: string): SyllabusTopic {
  const stems = stemsOf(title);
  const moduleStems = new Set([...stemsOf(moduleTitle)].filter((s) => !stems.has(s)));
  return { moduleId: `m-${id}`, topicId: id, stems, moduleStems };
}

const TOPICS = [
  topic('bst', 'Binary Search Trees', 'Trees'),
  topic('heaps', 'Heaps', 'Trees'),
  topic('graphs', 'Graph Traversal', 'Graphs and Hashing'),
  topic('hash', 'Hash Tables', 'Graphs and Hashing'),
  topic('stacks', 'Stacks and Queues', 'Linear Data Structures'),
];
/** Every stem weighs 1 but "search", which many documents hold, and "bfs", which none does. */
const WEIGHTS = new Map([...stemsOf('search')].map((s) => [s, 1.2]));

describe('suggesting a topic', () => {
  it('when a BFS question shares "search" with one topic and "graph" with another, then no topic is suggested', () => {
    const stems = stemsOf('Explain breadth first search (BFS) of a graph with an example.');
    expect(suggestTopic(stems, TOPICS, WEIGHTS)).toEqual({ moduleId: null, topicId: null });
  });

  it('when a BFS question names the traversal of a graph, then that topic is suggested', () => {
    const stems = stemsOf('Explain the breadth first traversal of a graph and its complexity.');
    expect(suggestTopic(stems, TOPICS, WEIGHTS)).toEqual({
      moduleId: 'm-graphs',
      topicId: 'graphs',
    });
  });

  it('when a question shares terms with one topic only, then it is suggested', () => {
    const stems = stemsOf('Delete a key from a binary search tree, showing each case.');
    expect(suggestTopic(stems, TOPICS, WEIGHTS).topicId).toBe('bst');
  });

  it("when a question shares only its module's words, then no topic is suggested", () => {
    const stems = stemsOf('Name two linear data structures a compiler uses.');
    expect(suggestTopic(stems, TOPICS, WEIGHTS).topicId).toBeNull();
  });
});
