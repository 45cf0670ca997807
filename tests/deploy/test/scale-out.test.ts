import { tokenFor } from '@qpc/server-kit/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import {
  ADMIN_SUB,
  baseEnv,
  startRedis,
  startService,
} from '../../reliability/test/support/processes.js';
import type { RedisProcess, ServiceProcess } from '../../reliability/test/support/processes.js';
import { dataOf, graphql, isAcknowledged, rest } from './support/clients.js';
import type { Reply } from './support/clients.js';

interface Counts {
  upvotes: number;
  downvotes: number;
  score: number;
  myVote?: number | null;
}

const RATE_LIMIT = 20;
// A signed-in caller's budget is theirs on every instance and address: each test sets up its
// catalog as an admin of its own, so one test's writes never spend the next one's budget.
const ADMIN_SUBS = [ADMIN_SUB, ...Array.from({ length: 6 }, (_, i) => `scale_admin_${i}`)];
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

function vote(instance: ServiceProcess, solutionId: string, token: string, value: number) {
  return instance.name === 'rest-api'
    ? rest(instance, 'PATCH', `/solutions/${solutionId}/vote`, { token, body: { value } })
    : graphql(
        instance,
        'mutation ($id: ObjectID!, $value: VoteValue!) { voteSolution(id: $id, value: $value) { id } }',
        { id: solutionId, value },
        { token },
      );
}

/** The solution's counts as one instance serves them. */
async function tally(instance: ServiceProcess, questionId: string) {
  if (instance.name === 'rest-api') {
    const reply = await rest(instance, 'GET', `/solutions?questionId=${questionId}`);
    const { upvotes, downvotes, score } = dataOf<Counts[]>(reply)[0]!;
    return { upvotes, downvotes, score };
  }
  const reply = await graphql(
    instance,
    'query ($q: ObjectID!) { solutions(questionId: $q) { items { upvotes downvotes score } } }',
    { q: questionId },
  );
  return dataOf<{ solutions: { items: Counts[] } }>(reply).solutions.items[0]!;
}

/** Whether an anonymous caller sees the paper through this instance. */
async function anonymousSees(instance: ServiceProcess, slug: string): Promise<boolean> {
  if (instance.name === 'rest-api') {
    const reply = await rest(instance, 'GET', `/papers/${slug}`);
    if (reply.status !== 200 && reply.errorCode !== 'NOT_FOUND')
      throw new Error(`REST answered ${reply.status}`);
    return reply.status === 200;
  }
  const reply = await graphql(instance, 'query ($s: Slug!) { paper(slug: $s) { status } }', {
    s: slug,
  });
  if (reply.status !== 200) throw new Error(`gateway answered ${reply.status}`);
  return (
    dataOf<{ paper: { status: string } | null } | undefined>(reply)?.paper?.status === 'APPROVED'
  );
}

describe('scale-out: two REST instances and two gateways on one database and one Redis', () => {
  let redis: RedisProcess;
  let restA: ServiceProcess;
  let restB: ServiceProcess;
  let gatewayA: ServiceProcess;
  let gatewayB: ServiceProcess;
  let all: ServiceProcess[];
  let admin: string;

  beforeAll(async () => {
    redis = await startRedis();
    const env = baseEnv({
      MONGODB_URI: `${inject('mongoUri')}scale_out`,
      RATE_LIMIT_STORE: 'redis',
      REDIS_URL: redis.url,
      RATE_LIMIT_MAX: String(RATE_LIMIT),
      RATE_LIMIT_WINDOW_MS: '600000',
      ADMIN_EXTERNAL_IDS: ADMIN_SUBS.join(','),
      // Behind a load balancer: the client's address comes from X-Forwarded-For, one hop.
      TRUST_PROXY: '1',
    });
    restA = await startService('rest-api', env);
    restB = await startService('rest-api', env);
    gatewayA = await startService('graphql-gateway', env);
    gatewayB = await startService('graphql-gateway', env);
    all = [restA, gatewayA, restB, gatewayB];
  });

  let tests = 0;
  beforeEach(async () => {
    const sub = ADMIN_SUBS[tests++];
    if (!sub) throw new Error('scale-out: add an admin to ADMIN_SUBS for each test');
    admin = await tokenFor(sub);
  });

  afterAll(async () => {
    for (const instance of all ?? []) await instance.stop();
    await redis?.stop();
  });

  async function created(reply: Promise<Reply>): Promise<{ id: string; slug: string }> {
    const answer = await reply;
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return dataOf<{ id: string; slug: string }>(answer);
  }

  /** university -> branch -> semester -> subject -> offering, through the first REST instance. */
  async function offering(label: string): Promise<string> {
    const post = (path: string, body: unknown) =>
      created(rest(restA, 'POST', path, { token: admin, body }));
    const university = await post('/universities', { name: `Scale ${label}`, shortName: 'SC' });
    const branch = await post('/branches', { universityId: university.id, name: 'CSE' });
    const semester = await post('/semesters', { branchId: branch.id, number: 1 });
    const subject = await post('/subjects', { name: `Scale Subject ${label}` });
    const made = await post('/subject-offerings', {
      universityId: university.id,
      branchId: branch.id,
      semesterId: semester.id,
      subjectId: subject.id,
    });
    return made.id;
  }

  /** An approved paper with one question and the admin's solution to it. */
  async function solutionToVoteOn(label: string) {
    const subjectOfferingId = await offering(label);
    const post = (path: string, body: unknown) =>
      created(rest(restA, 'POST', path, { token: admin, body }));
    const paper = await post('/papers', {
      subjectOfferingId,
      examYear: 2023,
      examType: 'end-term',
    });
    const approved = await rest(restA, 'PATCH', `/papers/${paper.id}/status`, {
      token: admin,
      // Approved before its question is added: an empty paper needs force.
      body: { status: 'approved', force: true },
    });
    expect(approved.status).toBe(200);
    const question = await post('/questions', {
      paperId: paper.id,
      text: 'Explain consistent hashing',
      type: 'long',
      difficulty: 'medium',
    });
    const solution = await post('/solutions', { questionId: question.id, content: 'A ring...' });
    return { questionId: question.id, solutionId: solution.id };
  }

  it('when 40 users vote through the four instances at once and one of them flips 20 times across all four, then every instance serves the exact tally', async () => {
    const { questionId, solutionId } = await solutionToVoteOn('votes');
    const voters = await Promise.all(range(40).map((i) => tokenFor(`scale_voter_${i}`)));
    const replies = await Promise.all(
      voters.map((token, i) => vote(all[i % 4]!, solutionId, token, i % 4 === 3 ? -1 : 1)),
    );
    expect(replies.filter((r) => !isAcknowledged(r))).toEqual([]);

    const flips = await Promise.all(
      range(20).map((i) => vote(all[i % 4]!, solutionId, voters[0]!, i % 2 === 0 ? -1 : 1)),
    );
    expect(flips.filter((r) => !isAcknowledged(r))).toEqual([]);
    expect(isAcknowledged(await vote(gatewayB, solutionId, voters[0]!, 1))).toBe(true);

    // Voters 3, 7, ..., 39 voted down (10); the other 30, the flipper included, up.
    const tallies = await Promise.all(all.map((instance) => tally(instance, questionId)));
    for (const counts of tallies) expect(counts).toMatchObject({ upvotes: 30, downvotes: 10 });
    console.log('votes: 40 voters + 21 flips over 4 instances -> 30 up, 10 down on every instance');
  });

  it(`when one client sends 30 REST and 30 GraphQL requests spread over the four instances at once, then exactly ${RATE_LIMIT} of each pass: each app's budget is shared by its instances`, async () => {
    const ip = '192.0.2.10';
    const [restStatuses, gatewayStatuses] = await Promise.all([
      Promise.all(
        range(30).map(
          async (i) => (await rest([restA, restB][i % 2]!, 'GET', '/universities', { ip })).status,
        ),
      ),
      Promise.all(
        range(30).map(
          async (i) =>
            (
              await graphql(
                [gatewayA, gatewayB][i % 2]!,
                '{ universities { pagination { total } } }',
                {},
                { ip },
              )
            ).status,
        ),
      ),
    ]);
    for (const statuses of [restStatuses, gatewayStatuses]) {
      expect(statuses.filter((s) => s === 200)).toHaveLength(RATE_LIMIT);
      expect(statuses.filter((s) => s === 429)).toHaveLength(30 - RATE_LIMIT);
    }
    // The budget is spent on every instance, whichever served the passing requests.
    for (const instance of all) {
      const reply =
        instance.name === 'rest-api'
          ? await rest(instance, 'GET', '/universities', { ip })
          : await graphql(instance, '{ universities { pagination { total } } }', {}, { ip });
      expect(reply.status).toBe(429);
    }
  });

  it('when the admin approves a paper through one gateway, then an anonymous read of it succeeds through all four instances at once', async () => {
    const subjectOfferingId = await offering('approval');
    const paper = await created(
      rest(restA, 'POST', '/papers', {
        token: admin,
        body: { subjectOfferingId, examYear: 2022, examType: 'mid-term' },
      }),
    );
    expect(await Promise.all(all.map((i) => anonymousSees(i, paper.slug)))).toEqual([
      false,
      false,
      false,
      false,
    ]);

    const approval = await graphql(
      gatewayA,
      // A paper without questions: approved anyway.
      'mutation ($id: ObjectID!) { setPaperStatus(id: $id, status: APPROVED, force: true) { status } }',
      { id: paper.id },
      { token: admin },
    );
    expect(isAcknowledged(approval)).toBe(true);
    expect(await Promise.all(all.map((i) => anonymousSees(i, paper.slug)))).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  // Last: it stops one of the four.
  it('when one REST instance gets SIGTERM while votes stream through all four, then every acknowledged vote is stored, and the refused ones succeed when retried on another instance', async () => {
    const { questionId, solutionId } = await solutionToVoteOn('drain');
    const victim = restB;
    const survivors = [restA, gatewayA, gatewayB];
    const order = [restA, victim, gatewayA, gatewayB];
    const total = 80;
    const voters = await Promise.all(range(total).map((i) => tokenFor(`drain_voter_${i}`)));
    const acknowledged = new Array<boolean>(total).fill(false);
    let next = 0;
    let victimAcks = 0;
    let queuedAtStop = -1;
    let victimAcksAfterStop = 0;

    // Eight clients pull votes from one queue; each vote goes to the instance its number picks.
    const client = async () => {
      while (next < total) {
        const i = next++;
        const instance = order[i % 4]!;
        acknowledged[i] = isAcknowledged(await vote(instance, solutionId, voters[i]!, 1));
        if (instance !== victim || !acknowledged[i]) continue;
        victimAcks += 1;
        if (queuedAtStop >= 0) victimAcksAfterStop += 1;
        if (victimAcks === 3) {
          queuedAtStop = total - next;
          victim.child.kill('SIGTERM');
        }
      }
    };
    await Promise.all(range(8).map(client));
    expect(await victim.exited).toBe(0);
    expect(queuedAtStop).toBeGreaterThan(0);

    // Once it is gone, five more votes sent to it are refused outright.
    const late = await Promise.all(range(5).map((i) => tokenFor(`drain_late_${i}`)));
    const lateReplies = await Promise.all(late.map((t) => vote(victim, solutionId, t, 1)));
    expect(lateReplies.map((r) => r.status)).toEqual([0, 0, 0, 0, 0]);

    // Every acknowledged vote is in the database: its voter reads it back through another instance.
    const ackedVoters = voters.filter((_, i) => acknowledged[i]);
    const myVotes = await Promise.all(
      ackedVoters.map(
        async (token) =>
          dataOf<Counts[]>(
            await rest(restA, 'GET', `/solutions?questionId=${questionId}`, { token }),
          )[0]!.myVote,
      ),
    );
    expect(myVotes.every((v) => v === 1)).toBe(true);
    expect((await tally(restA, questionId)).upvotes).toBe(ackedVoters.length);

    // Whatever was refused succeeds on the instances still running.
    const refused = [...voters.filter((_, i) => !acknowledged[i]), ...late];
    const retries = await Promise.all(
      refused.map((token, i) => vote(survivors[i % 3]!, solutionId, token, 1)),
    );
    expect(retries.filter((r) => !isAcknowledged(r))).toEqual([]);
    for (const instance of survivors) {
      expect(await tally(instance, questionId)).toMatchObject({ upvotes: total + 5, downvotes: 0 });
    }
    console.log(
      `drain: ${total} votes, ${total / 4} to the stopped instance; SIGTERM after its 3rd ` +
        `acknowledgement with ${queuedAtStop} votes still queued; it acknowledged ` +
        `${victimAcksAfterStop} more while draining; ${refused.length - late.length} refused ` +
        `during the stop + ${late.length} after it, all retried elsewhere; final tally ${total + 5}`,
    );
  });
});
