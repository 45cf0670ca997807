import { tokenFor } from '@qpc/server-kit/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_SUB, baseEnv, startService } from './support/processes.js';
import type { ServiceProcess } from './support/processes.js';
import { jsonCall } from './support/rest-call.js';

describe('concurrency over HTTP', () => {
  let app: ServiceProcess;
  let admin: string;
  let api: string;

  beforeAll(async () => {
    app = await startService(
      'rest-api',
      baseEnv({ MONGODB_URI: `${inject('mongoUri')}concurrency` }),
    );
    api = `${app.url}/api/v1`;
    admin = await tokenFor(ADMIN_SUB);
  });
  afterAll(async () => app?.stop());

  /** Builds university -> branch -> semester -> subject -> offering -> approved paper -> question -> solution. */
  async function solutionToVoteOn(): Promise<string> {
    const u = await jsonCall(`${api}/universities`, 'POST', admin, {
      name: `Vote U ${Date.now()}`,
      shortName: 'VU',
    });
    const br = await jsonCall(`${api}/branches`, 'POST', admin, {
      universityId: u.body.data.id,
      name: 'CSE',
    });
    const se = await jsonCall(`${api}/semesters`, 'POST', admin, {
      branchId: br.body.data.id,
      number: 1,
    });
    const su = await jsonCall(`${api}/subjects`, 'POST', admin, {
      name: `Vote Subject ${Date.now()}`,
    });
    const of = await jsonCall(`${api}/subject-offerings`, 'POST', admin, {
      universityId: u.body.data.id,
      branchId: br.body.data.id,
      semesterId: se.body.data.id,
      subjectId: su.body.data.id,
    });
    const pa = await jsonCall(`${api}/papers`, 'POST', admin, {
      subjectOfferingId: of.body.data.id,
      examYear: 2023,
      examType: 'end-term',
    });
    // Approved before its question is added: an empty paper needs force.
    await jsonCall(`${api}/papers/${pa.body.data.id}/status`, 'PATCH', admin, {
      status: 'approved',
      force: true,
    });
    const q = await jsonCall(`${api}/questions`, 'POST', admin, {
      paperId: pa.body.data.id,
      text: 'Explain quicksort',
      type: 'long',
      difficulty: 'medium',
    });
    const so = await jsonCall(`${api}/solutions`, 'POST', admin, {
      questionId: q.body.data.id,
      content: 'Partition...',
    });
    expect(so.status).toBe(201);
    return so.body.data.id as string;
  }

  it('when 200 distinct users vote at once and one user flips 50 times, then the counts are exact', async () => {
    const solutionId = await solutionToVoteOn();
    const voters = await Promise.all(Array.from({ length: 200 }, (_, i) => tokenFor(`voter_${i}`)));
    const results = await Promise.all(
      voters.map((token, i) =>
        jsonCall(`${api}/solutions/${solutionId}/vote`, 'PATCH', token, {
          value: i % 4 === 0 ? -1 : 1,
        }),
      ),
    );
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);

    const flipper = voters[0]!;
    const flips = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        jsonCall(`${api}/solutions/${solutionId}/vote`, 'PATCH', flipper, {
          value: i % 2 === 0 ? 1 : -1,
        }),
      ),
    );
    expect(flips.every((r) => r.status === 200)).toBe(true);

    const final = await jsonCall(`${api}/solutions/${solutionId}/vote`, 'PATCH', flipper, {
      value: 1,
    });
    // voter_0 ends up +1; of the other 199, indices divisible by 4 (49 of them) voted -1.
    expect(final.body.data).toMatchObject({ upvotes: 151, downvotes: 49, score: 102, myVote: 1 });
  });

  it('when 50 subjects with the same name are created at once, then each gets a distinct slug', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        jsonCall(`${api}/subjects`, 'POST', admin, { name: 'Parallel Slug Subject' }),
      ),
    );
    const created = results.filter((r) => r.status === 201);
    for (const r of results) expect([201, 409]).toContain(r.status);
    const slugs = created.map((r) => r.body.data.slug as string);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(created.length).toBeGreaterThan(0);
    const listed = await jsonCall(`${api}/subjects?limit=100`, 'GET', null);
    const stored = (listed.body.data as { slug: string }[])
      .map((s) => s.slug)
      .filter((s) => s.startsWith('parallel-slug-subject'));
    expect(stored.length).toBe(created.length);
    expect(new Set(stored).size).toBe(stored.length);
  });
});

describe('rate limit under parallel load', () => {
  it('when 150 requests arrive at once against a limit of 100, then exactly 100 pass', async () => {
    const app = await startService(
      'rest-api',
      baseEnv({
        MONGODB_URI: `${inject('mongoUri')}limit_burst`,
        RATE_LIMIT_MAX: '100',
        RATE_LIMIT_WINDOW_MS: '60000',
      }),
    );
    try {
      const statuses = await Promise.all(
        Array.from({ length: 150 }, () =>
          fetch(`${app.url}/api/v1/universities`).then((r) => r.status),
        ),
      );
      expect(statuses.filter((s) => s === 200)).toHaveLength(100);
      expect(statuses.filter((s) => s === 429)).toHaveLength(50);
    } finally {
      await app.stop();
    }
  });
});
