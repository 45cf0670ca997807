// Any MongoDB-compatible engine: both apps, started as their users start them, on FerretDB 1.24.2
// as released (@qpc/ferretdb's `upstream` build, which refuses partial indexes and pushes no sort
// down), warn once per index it refuses and answer REST and GraphQL as on our engine: lists,
// search, coverage, a paper's drafts, writes.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { mongoose, textPdf } from '@qpc/domain/testing';
import { startFerretDB } from '@qpc/ferretdb';
import type { FerretDBServer } from '@qpc/ferretdb';
import { tokenFor } from '@qpc/server-kit/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_SUB, baseEnv, startService, waitFor } from './support/processes.js';
import type { ServiceProcess } from './support/processes.js';
import { jsonCall } from './support/rest-call.js';

/** The warnings a process logged about indexes, by `collection.index`. */
function indexWarnings(service: ServiceProcess): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const line of service.output().split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as {
      level?: number;
      msg?: string;
      index?: { collection: string; index: string };
    };
    if (entry.level !== 40 || !entry.index) continue;
    const name = `${entry.index.collection}.${entry.index.index}`;
    found.set(name, [...(found.get(name) ?? []), entry.msg ?? '']);
  }
  return found;
}

describe('the apps on FerretDB 1.24.2 as released (stock engine)', () => {
  let engine: FerretDBServer;
  let rest: ServiceProcess;
  let gateway: ServiceProcess;
  let api: string;
  let admin: string;

  async function graphql(query: string, variables: Record<string, unknown> = {}) {
    const res = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as { data?: any; errors?: unknown[] };
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data;
  }

  beforeAll(async () => {
    engine = await startFerretDB({
      dataDir: mkdtempSync(join(inject('tempRoot'), 'stock-engine-')),
      variant: 'upstream',
    });
    const env = baseEnv({ MONGODB_URI: `${engine.uri}stock_smoke` });
    rest = await startService('rest-api', env);
    gateway = await startService('graphql-gateway', env);
    api = `${rest.url}/api/v1`;
    admin = await tokenFor(ADMIN_SUB);
  }, 600_000);

  afterAll(async () => {
    await rest?.stop();
    await gateway?.stop();
    await engine?.stop();
  });

  /** University → branch → semester → subject → offering → approved paper with two questions. */
  async function catalog(word: string) {
    const post = async (path: string, body: unknown) => {
      const reply = await jsonCall(`${api}${path}`, 'POST', admin, body);
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      return reply.body.data as { id: string; slug: string };
    };
    const university = await post('/universities', { name: `Stock U ${word}`, shortName: 'SU' });
    const branch = await post('/branches', { universityId: university.id, name: 'CSE' });
    const semester = await post('/semesters', { branchId: branch.id, number: 1 });
    const subject = await post('/subjects', { name: `Stock Subject ${word}` });
    const offering = await post('/subject-offerings', {
      universityId: university.id,
      branchId: branch.id,
      semesterId: semester.id,
      subjectId: subject.id,
    });
    const paper = await post('/papers', {
      subjectOfferingId: offering.id,
      examYear: 2024,
      examType: 'end-term',
    });
    // Approved before its questions are added: an empty paper needs force.
    const approved = await jsonCall(`${api}/papers/${paper.id}/status`, 'PATCH', admin, {
      status: 'approved',
      force: true,
    });
    expect(approved.status).toBe(200);
    const long = await post('/questions', {
      paperId: paper.id,
      text: `Explain ${word} scheduling in detail`,
      type: 'long',
      difficulty: 'hard',
      marks: 10,
    });
    const short = await post('/questions', {
      paperId: paper.id,
      text: `Define a semaphore`,
      type: 'short',
      difficulty: 'easy',
      marks: 2,
    });
    return { offering, paper, long, short };
  }

  /** A one-page paper PDF with two questions, stored as the paper's file (drafts are read). */
  async function uploadPaperPdf(paperId: string, word: string): Promise<void> {
    const upload = await fetch(`${api}/papers/${paperId}/file`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/pdf' },
      body: textPdf([
        [
          { x: 72, y: 790, text: `Paper ${word}`, size: 16 },
          {
            x: 72,
            y: 740,
            text: 'Q1. Describe deadlock avoidance with the banker algorithm. [8 marks]',
          },
          { x: 72, y: 720, text: 'Q2. Describe paging with a two-level page table. 5M' },
        ],
      ]),
    });
    expect(upload.status).toBe(200);
  }

  it('when both apps start, then each logs one warning per partial index the engine refuses, naming it and what gets slower, and no other index is missing', () => {
    // Importing the domain registers every model: the partial indexes they declare.
    const declared = Object.values(mongoose.models).flatMap((model) =>
      model.schema
        .indexes()
        .filter(([, options]) => options.partialFilterExpression)
        .map(([, options]) => `${model.collection.collectionName}.${String(options.name)}`),
    );
    for (const service of [rest, gateway]) {
      const warnings = indexWarnings(service);
      expect([...warnings.keys()].sort()).toEqual(declared.sort());
      expect([...warnings.keys()]).toContain('questions.visible_type_long');
      expect([...warnings.keys()]).toContain('questions.visible_createdAt_-1__id_-1');
      for (const [name, messages] of warnings) {
        expect(messages, name).toHaveLength(1);
        expect(messages[0]).toMatch(/left out: the engine refused it \(.*partialFilterExpression/);
        expect(messages[0]).toMatch(/slower: \S/);
      }
    }
  });

  it('when REST lists, searches, counts coverage, reads drafts and writes, then it answers as on our engine', async () => {
    const word = `zq${randomUUID().slice(0, 8)}`;
    const { offering, paper, long, short } = await catalog(word);

    const anonymousPapers = await jsonCall(
      `${api}/papers?subjectOfferingId=${offering.id}`,
      'GET',
      null,
    );
    expect(anonymousPapers.body.data.map((p: { id: string }) => p.id)).toEqual([paper.id]);
    // The lists the refused partial indexes would serve: visible questions, by type.
    const questions = await jsonCall(`${api}/questions?paperId=${paper.id}`, 'GET', null);
    expect(questions.body.data.map((q: { id: string }) => q.id)).toEqual([short.id, long.id]);
    expect(questions.body.pagination.total).toBe(2);
    const longOnes = await jsonCall(`${api}/questions?paperId=${paper.id}&type=long`, 'GET', null);
    expect(longOnes.body.data.map((q: { id: string }) => q.id)).toEqual([long.id]);

    const search = await jsonCall(`${api}/search?q=${word}`, 'GET', null);
    expect(search.status).toBe(200);
    expect(search.body.data.map((hit: { id: string }) => hit.id)).toContain(long.id);
    expect(search.body.facets.type.question).toBe(1);

    const coverage = await jsonCall(
      `${api}/subject-offerings/${offering.id}/coverage`,
      'GET',
      null,
    );
    expect(coverage.body.data.papers).toEqual({ count: 1, years: [2024] });
    expect(coverage.body.data.unassigned).toMatchObject({ questionCount: 2, marks: 12 });

    await uploadPaperPdf(paper.id, word);
    const drafts = await waitFor(
      async () => {
        const reply = await jsonCall(`${api}/papers/${paper.id}/drafts`, 'GET', admin);
        return reply.body?.data?.status === 'ready' ? reply.body.data : undefined;
      },
      60_000,
      'the drafts to be read',
    );
    expect(
      drafts.drafts.map((d: { number: string; marks: number }) => [d.number, d.marks]),
    ).toEqual([
      ['1', 8],
      ['2', 5],
    ]);
    const accepted = await jsonCall(`${api}/papers/${paper.id}/drafts/accept`, 'POST', admin, {
      drafts: [{ index: 1 }],
    });
    expect(accepted.status).toBe(201);
    const after = await jsonCall(`${api}/questions?paperId=${paper.id}`, 'GET', null);
    expect(after.body.pagination.total).toBe(3);

    const solution = await jsonCall(`${api}/solutions`, 'POST', admin, {
      questionId: long.id,
      content: 'Round robin, with a quantum...',
    });
    expect(solution.status).toBe(201);
    const voter = await tokenFor(`stock_voter_${word}`);
    const vote = await jsonCall(`${api}/solutions/${solution.body.data.id}/vote`, 'PATCH', voter, {
      value: 1,
    });
    expect(vote.body.data).toMatchObject({ upvotes: 1, downvotes: 0, myVote: 1 });
  });

  it('when GraphQL lists, searches, counts coverage, reads drafts and writes, then it answers as on our engine', async () => {
    const word = `zq${randomUUID().slice(0, 8)}`;
    const { offering, paper, long } = await catalog(word);

    const read = await graphql(
      `
        query Smoke($offering: ObjectID!, $q: SearchText!, $slug: Slug!) {
          papers(subjectOfferingId: $offering) {
            items {
              id
            }
            pagination {
              total
            }
          }
          search(q: $q) {
            items {
              id
              type
            }
            facets {
              type {
                question
              }
            }
          }
          subjectOffering(id: $offering) {
            coverage {
              papers {
                count
                years
              }
              unassigned {
                questionCount
              }
            }
          }
          paper(slug: $slug) {
            drafts {
              status
            }
          }
        }
      `,
      { offering: offering.id, q: word, slug: paper.slug },
    );
    expect(read.papers).toEqual({ items: [{ id: paper.id }], pagination: { total: 1 } });
    expect(
      read.search.items.map((hit: { id: string; type: string }) => [
        hit.id,
        hit.type.toLowerCase(),
      ]),
    ).toContainEqual([long.id, 'question']);
    expect(read.search.facets.type.question).toBe(1);
    expect(read.subjectOffering.coverage).toEqual({
      papers: { count: 1, years: [2024] },
      unassigned: { questionCount: 2 },
    });
    // No file yet: no drafts.
    expect(read.paper.drafts).toBeNull();

    await uploadPaperPdf(paper.id, word);
    const drafts = await waitFor(
      async () => {
        const { paper: found } = await graphql(
          `
            query Drafts($slug: Slug!) {
              paper(slug: $slug) {
                drafts {
                  status
                  drafts {
                    number
                    marks
                  }
                }
              }
            }
          `,
          { slug: paper.slug },
        );
        return found.drafts?.status?.toLowerCase() === 'ready' ? found.drafts : undefined;
      },
      60_000,
      'the drafts to be read',
    );
    expect(drafts.drafts).toEqual([
      { number: '1', marks: 8 },
      { number: '2', marks: 5 },
    ]);
    const accepted = await graphql(
      `
        mutation Accept($paper: ObjectID!) {
          acceptDrafts(paperId: $paper, drafts: [{ index: 0 }]) {
            text
            marks
          }
        }
      `,
      { paper: paper.id },
    );
    expect(accepted.acceptDrafts).toEqual([
      { text: 'Describe deadlock avoidance with the banker algorithm.', marks: 8 },
    ]);

    const created = await graphql(
      `
        mutation Create($name: NonEmptyString!) {
          createSubject(input: { name: $name }) {
            id
            name
          }
        }
      `,
      { name: `GraphQL Subject ${word}` },
    );
    const listed = await graphql(`
      {
        subjects(limit: 100) {
          items {
            id
          }
        }
      }
    `);
    expect(listed.subjects.items).toContainEqual({ id: created.createSubject.id });
  });
});
