// The same question in another sitting, read through both clients: the REST route's typed path
// and the SimilarQuestions document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphQLClient, SimilarQuestionsDocument } from '../src/graphql.js';
import { createRestClient, unwrap } from '../src/rest.js';
import type { RestClient } from '../src/rest.js';
import { startApps } from './support/apps.js';
import type { RunningApps } from './support/apps.js';
import { makeCatalog } from './support/catalog.js';
import type { Catalog } from './support/catalog.js';

describe('similar questions through the clients', () => {
  let apps: RunningApps;
  let admin: RestClient;
  let catalog: Catalog;
  let repeatedId: string;

  beforeAll(async () => {
    apps = await startApps();
    const adminToken = await apps.tokenAs('client_similar_admin', 'admin');
    const studentToken = await apps.tokenAs('client_similar_student', 'normal');
    admin = createRestClient({ baseUrl: apps.restUrl, token: adminToken });
    catalog = await makeCatalog(
      admin,
      createRestClient({ baseUrl: apps.restUrl, token: studentToken }),
    );
    const later = await unwrap(
      admin.POST('/api/v1/papers', {
        body: { subjectOfferingId: catalog.offeringId, examYear: 2025, examType: 'end-term' },
      }),
    );
    await unwrap(
      admin.PATCH('/api/v1/papers/{id}/status', {
        params: { path: { id: later.data.id } },
        // Approved before its question is added: an empty paper needs force.
        body: { status: 'approved', force: true },
      }),
    );
    const repeated = await unwrap(
      admin.POST('/api/v1/questions', {
        body: {
          paperId: later.data.id,
          text: `Explain merge sort's running time ${catalog.tag}.`,
          type: 'long',
          difficulty: 'medium',
        },
      }),
    );
    repeatedId = repeated.data.id;
  });
  afterAll(async () => apps.close());

  it('when a question was asked in an earlier sitting, then REST and GraphQL name that question and paper', async () => {
    const rest = createRestClient({ baseUrl: apps.restUrl });
    const similar = await unwrap(
      rest.GET('/api/v1/questions/{id}/similar', { params: { path: { id: repeatedId } } }),
    );
    expect(similar.data.map((s) => [s.question.id, s.paper.slug, s.similarity])).toEqual([
      [catalog.questionId, catalog.approvedPaper.slug, 1],
    ]);
    const graphql = createGraphQLClient({ url: apps.graphqlUrl });
    const { question } = await graphql.request(SimilarQuestionsDocument, { id: repeatedId });
    expect(question!.similar.map((s) => [s.question.id, s.paper.examYear, s.similarity])).toEqual([
      [catalog.questionId, 2023, 1],
    ]);
  });
});
