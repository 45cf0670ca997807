// The full syllabus tree costs the same number of database round trips at any size: every
// nested field goes through a per-request DataLoader on the domain's batch loads.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeLargeTree as makeTree } from '@qpc/domain/testing';
import type { TreeSize } from '@qpc/domain/testing';
import { useGateway } from './support/suite.js';
import type { CallerKind as RequestCaller } from '@qpc/domain/testing';

const TREE = `query ($id: ObjectID!) {
  subjectOffering(id: $id) {
    id
    subject { id name }
    university { id name }
    branch { id name }
    semester { id number }
    syllabus {
      id
      modules {
        id title
        topics { id title questions { id text solutions { id content score myVote } } }
        questions { id }
      }
    }
    papers { id title questions { id } }
  }
}`;

/** The numbers the README promises, read from it so the two cannot drift apart. */
function readmeRoundTrips(): { max: number; byCaller: Record<string, number> } {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const max = /at most \*\*(\d+)\*\* database round trips/.exec(readme);
  const row = (label: string) =>
    Number(new RegExp(`\\|\\s*${label}\\s*\\|\\s*(\\d+)\\s*\\|`).exec(readme)?.[1]);
  if (!max) throw new Error('README.md does not state the round-trip number');
  return {
    max: Number(max[1]),
    byCaller: {
      anonymous: row('anonymous'),
      normal: row('normal user'),
      editor: row('editor or admin'),
      admin: row('editor or admin'),
    },
  };
}

const SMALL: TreeSize = {
  modules: 2,
  topicsPerModule: 2,
  questionsPerTopic: 2,
  solutionsPerQuestion: 1,
  votesPerSolution: 2,
  votedSolutions: 4,
};
const LARGE: TreeSize = {
  modules: 20,
  topicsPerModule: 20,
  questionsPerTopic: 10,
  solutionsPerQuestion: 1,
  votesPerSolution: 2,
  votedSolutions: 10,
};

// Every request reads its user, as a caller's first request does: with the user kept for a window,
// whether a fetch finds it kept would depend on how long building the large tree took.
const { gw, callers } = useGateway({ env: { AUTH_USER_CACHE_MS: '0' } });

async function fetchTree(offeringId: string, caller: RequestCaller) {
  const { result, commands } = await gw.countCommands(() =>
    gw.gql(TREE, { id: offeringId }, callers.headers(caller)),
  );
  expect(result.status).toBe(200);
  expect(result.body.errors).toBeUndefined();
  return { tree: result.body.data.subjectOffering, commands };
}

function shape(tree: any) {
  const modules = tree.syllabus.modules;
  return {
    modules: modules.length,
    topics: modules[0].topics.length,
    questionsPerTopic: modules[0].topics[0].questions.length,
    solutionsPerQuestion: modules[0].topics[0].questions[0].solutions.length,
    questionsPerModule: modules[0].questions.length,
    paperQuestions: tree.papers[0].questions.length,
  };
}

describe('database round trips of the full tree', () => {
  it('when the small tree is fetched by each kind of caller, then the commands are counted and match the README', async () => {
    const small = await makeTree(SMALL);
    const expected = readmeRoundTrips();
    for (const caller of ['anonymous', 'normal', 'editor', 'admin'] as const) {
      const { tree, commands } = await fetchTree(small.offeringId, caller);
      expect(shape(tree), caller).toMatchObject({
        modules: 2,
        topics: 2,
        questionsPerTopic: 2,
        solutionsPerQuestion: 1,
      });
      expect(commands.length, caller).toBeGreaterThan(0); // command monitoring fires
      expect(commands, caller).not.toContain('getMore');
      expect(commands.length, `${caller}: ${commands.join(',')}`).toBe(expected.byCaller[caller]);
      expect(commands.length, caller).toBeLessThanOrEqual(expected.max);
    }
  });

  it('when 2 modules and 20 modules of 20 topics of 10 questions are fetched, then the round trips are equal and within the README', async () => {
    const small = await makeTree(SMALL);
    const before = await fetchTree(small.offeringId, 'normal');
    const large = await makeTree(LARGE);
    expect(large.questions).toBe(4_000);
    const after = await fetchTree(large.offeringId, 'normal');
    expect(shape(after.tree)).toEqual({
      modules: 20,
      topics: 20,
      questionsPerTopic: 10,
      solutionsPerQuestion: 1,
      questionsPerModule: 200,
      paperQuestions: 4_000,
    });
    expect(after.commands).toEqual(before.commands);
    expect(after.commands.length).toBeLessThanOrEqual(readmeRoundTrips().max);
  }, 240_000);
});
