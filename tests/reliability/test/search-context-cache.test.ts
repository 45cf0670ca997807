// The context records a search keeps per process (packages/domain/src/search/context-cache.ts)
// across processes: two REST apps and a GraphQL gateway on one database. A rename written through
// one app must show in the next search of the others, whose rows were kept before it.
import { randomUUID } from 'node:crypto';
import { tokenFor } from '@qpc/server-kit/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_SUB, baseEnv, startService } from './support/processes.js';
import type { ServiceProcess } from './support/processes.js';
import { jsonCall } from './support/rest-call.js';

async function call(url: string, method: string, token: string | null, body?: unknown) {
  const answer = await jsonCall(url, method, token, body);
  expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer;
}

interface Shown {
  subject: string;
  topic: string;
  university: string;
}

describe('search context records kept per process, across instances', () => {
  let a: ServiceProcess;
  let b: ServiceProcess;
  let gateway: ServiceProcess;
  let admin: string;

  beforeAll(async () => {
    const env = baseEnv({ MONGODB_URI: `${inject('mongoUri')}context_cache` });
    // At once, as replicas start: the start-up work runs under one lease (startup-lease.ts).
    [a, b, gateway] = await Promise.all([
      startService('rest-api', env),
      startService('rest-api', env),
      startService('graphql-gateway', env),
    ]);
    admin = await tokenFor(ADMIN_SUB);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), gateway?.stop()]);
  });

  /** A question under a fresh university, subject and topic, made through app B. */
  async function catalogWith(word: string) {
    const api = `${b.url}/api/v1`;
    const n = randomUUID().slice(0, 8);
    const u = await call(`${api}/universities`, 'POST', admin, {
      name: `Cache U ${n}`,
      shortName: `CU${n}`,
    });
    const br = await call(`${api}/branches`, 'POST', admin, {
      universityId: u.body.data.id,
      name: 'CSE',
    });
    const se = await call(`${api}/semesters`, 'POST', admin, {
      branchId: br.body.data.id,
      number: 1,
    });
    const su = await call(`${api}/subjects`, 'POST', admin, { name: `Cache Subject ${n}` });
    const of = await call(`${api}/subject-offerings`, 'POST', admin, {
      universityId: u.body.data.id,
      branchId: br.body.data.id,
      semesterId: se.body.data.id,
      subjectId: su.body.data.id,
    });
    const subjectOfferingId = of.body.data.id;
    await call(`${api}/syllabus`, 'POST', admin, { subjectOfferingId });
    const mo = await call(`${api}/modules`, 'POST', admin, {
      subjectOfferingId,
      title: 'Module one',
      order: 1,
    });
    const to = await call(`${api}/topics`, 'POST', admin, {
      moduleId: mo.body.data.id,
      title: `Topic ${n}`,
      order: 1,
    });
    const pa = await call(`${api}/papers`, 'POST', admin, {
      subjectOfferingId,
      examYear: 2024,
      examType: 'end-term',
    });
    await call(`${api}/papers/${pa.body.data.id}/status`, 'PATCH', admin, {
      status: 'approved',
      force: true,
    });
    await call(`${api}/questions`, 'POST', admin, {
      paperId: pa.body.data.id,
      moduleId: mo.body.data.id,
      topicId: to.body.data.id,
      text: `Explain the ${word} method.`,
      type: 'long',
      difficulty: 'medium',
    });
    return { universityId: u.body.data.id, subjectId: su.body.data.id, topicId: to.body.data.id };
  }

  /** The context of the one hit of `word`, searched anonymously through REST app A. */
  async function shownByA(word: string): Promise<Shown> {
    const { body } = await call(`${a.url}/api/v1/search?q=${word}&type=question`, 'GET', null);
    expect(body.data).toHaveLength(1);
    const { context } = body.data[0];
    return {
      subject: context.subject.name,
      topic: context.topic.title,
      university: context.university.shortName,
    };
  }

  /** The same, through the GraphQL gateway. */
  async function shownByGateway(word: string): Promise<Shown> {
    const query = `query ($q: SearchText!) { search(q: $q, type: QUESTION) { items { context {
      subject { name } topic { title } university { shortName } } } } }`;
    const { body } = await call(`${gateway.url}/graphql`, 'POST', null, {
      query,
      variables: { q: word },
    });
    expect(body.errors).toBeUndefined();
    expect(body.data.search.items).toHaveLength(1);
    const { context } = body.data.search.items[0];
    return {
      subject: context.subject.name,
      topic: context.topic.title,
      university: context.university.shortName,
    };
  }

  it('when a subject, topic and university are renamed through app B, then the next search through app A and the gateway shows the new names', async () => {
    const word = `wallabic${randomUUID().slice(0, 4).replace(/\d/g, 'x')}`;
    const { universityId, subjectId, topicId } = await catalogWith(word);
    // Twice each: the first search of a catalog may store the generations; the second keeps rows.
    await shownByA(word);
    const before = await shownByA(word);
    await shownByGateway(word);
    expect(await shownByGateway(word)).toEqual(before);

    const api = `${b.url}/api/v1`;
    const renamed: Shown = {
      subject: `Renamed Subject ${randomUUID().slice(0, 6)}`,
      topic: `Renamed Topic ${randomUUID().slice(0, 6)}`,
      university: `RU${randomUUID().slice(0, 6)}`,
    };
    await call(`${api}/subjects/${subjectId}`, 'PATCH', admin, { name: renamed.subject });
    await call(`${api}/topics/${topicId}`, 'PATCH', admin, { title: renamed.topic });
    await call(`${api}/universities/${universityId}`, 'PATCH', admin, {
      shortName: renamed.university,
    });

    expect(before.subject).not.toBe(renamed.subject);
    expect(await shownByA(word)).toEqual(renamed);
    expect(await shownByGateway(word)).toEqual(renamed);
  });
});
