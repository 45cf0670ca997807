import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  createGraphQLClient,
  MeDocument,
  OfferingSyllabusDocument,
  PaperDocument,
  PendingPapersDocument,
  SemesterOfferingsDocument,
  SetPaperStatusDocument,
  UniversitiesDocument,
  UniversityTreeDocument,
  VoteSolutionDocument,
} from '../src/graphql.js';
import type { GraphQLClient } from '../src/graphql.js';
import { createRestClient } from '../src/rest.js';
import { startApps } from './support/apps.js';
import type { RunningApps } from './support/apps.js';
import { makeCatalog } from './support/catalog.js';
import type { Catalog } from './support/catalog.js';

describe('GraphQL client against the running gateway', () => {
  let apps: RunningApps;
  let admin: GraphQLClient;
  let student: GraphQLClient;
  let anonymous: GraphQLClient;
  let catalog: Catalog;

  beforeAll(async () => {
    apps = await startApps();
    const adminToken = await apps.tokenAs('client_gql_admin', 'admin');
    const studentToken = await apps.tokenAs('client_gql_student', 'normal');
    catalog = await makeCatalog(
      createRestClient({ baseUrl: apps.restUrl, token: adminToken }),
      createRestClient({ baseUrl: apps.restUrl, token: studentToken }),
    );
    admin = createGraphQLClient({ url: apps.graphqlUrl, token: adminToken });
    student = createGraphQLClient({ url: apps.graphqlUrl, token: studentToken });
    anonymous = createGraphQLClient({ url: apps.graphqlUrl });
  });
  afterAll(async () => apps.close());

  it('when a student browses university, branch and semester, then each level lists the next', async () => {
    const universities = await anonymous.request(UniversitiesDocument, {
      search: catalog.tag,
    });
    expect(universities.universities.items.map((u) => u.slug)).toEqual([catalog.universitySlug]);

    const tree = await anonymous.request(UniversityTreeDocument, { slug: catalog.universitySlug });
    const branch = tree.university!.branches[0]!;
    expect(branch).toMatchObject({ id: catalog.branchId, code: 'CSE' });
    expect(branch.semesters.map((s) => s.number)).toEqual([3]);

    const offerings = await anonymous.request(SemesterOfferingsDocument, {
      universityId: catalog.universityId,
      branchId: catalog.branchId,
      semesterId: catalog.semesterId,
    });
    expect(offerings.subjectOfferings.items).toEqual([
      expect.objectContaining({ id: catalog.offeringId, regulation: 'R22' }),
    ]);
  });

  it('when the syllabus tree is requested, then modules, topics and their questions arrive in one response', async () => {
    const { subjectOffering } = await anonymous.request(OfferingSyllabusDocument, {
      id: catalog.offeringId,
    });
    const module = subjectOffering!.syllabus!.modules[0]!;
    expect(module.title).toBe('Sorting');
    const topic = module.topics[0]!;
    expect(topic.title).toBe('Merge sort');
    expect(topic.questions.map((q) => q.id)).toEqual([catalog.questionId]);
    expect(topic.questions[0]).toMatchObject({ type: 'LONG', difficulty: 'MEDIUM', marks: 8 });
    // Anonymous callers see the approved paper only.
    expect(subjectOffering!.papers.map((p) => p.slug)).toEqual([catalog.approvedPaper.slug]);
  });

  it("when a paper is read and a solution voted on, then score and the caller's vote follow", async () => {
    const before = await admin.request(PaperDocument, { slug: catalog.approvedPaper.slug });
    const solution = before.paper!.questions[0]!.solutions[0]!;
    expect(solution).toMatchObject({ id: catalog.solutionId, score: 0, myVote: 0 });

    const voted = await admin.request(VoteSolutionDocument, { id: solution.id, value: -1 });
    expect(voted.voteSolution).toMatchObject({ downvotes: 1, score: -1, myVote: -1 });

    const after = await admin.request(PaperDocument, { slug: catalog.approvedPaper.slug });
    expect(after.paper!.questions[0]!.solutions[0]).toMatchObject({ score: -1, myVote: -1 });
  });

  it('when an admin approves a pending paper with a reason, then it leaves the queue and its history records the reason', async () => {
    const queue = await admin.request(PendingPapersDocument, { limit: 100 });
    expect(queue.papers.items.map((p) => p.id)).toContain(catalog.pendingPaper.id);

    const result = await admin.request(SetPaperStatusDocument, {
      id: catalog.pendingPaper.id,
      status: 'APPROVED',
      reason: 'Checked against the original',
      // The queue's paper has no questions: approved anyway.
      force: true,
    });
    expect(result.setPaperStatus.status).toBe('APPROVED');
    expect(result.setPaperStatus.statusHistory!.at(-1)).toMatchObject({
      from: 'PENDING',
      to: 'APPROVED',
      reason: 'Checked against the original',
    });
    const after = await admin.request(PendingPapersDocument, { limit: 100 });
    expect(after.papers.items.map((p) => p.id)).not.toContain(catalog.pendingPaper.id);
  });

  it('when the caller is asked for, then Me names the user and role; anonymously it is 401', async () => {
    expect((await student.request(MeDocument)).me).toMatchObject({
      externalId: 'client_gql_student',
      role: 'NORMAL',
    });
    await expect(anonymous.request(MeDocument)).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
    });
  });

  it('when a normal user changes a status, then the ApiError is 403 FORBIDDEN though HTTP said 200', async () => {
    const error = (await student
      .request(SetPaperStatusDocument, { id: catalog.approvedPaper.id, status: 'REJECTED' })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, httpStatus: 200, code: 'FORBIDDEN' });
    expect(error.requestId).toMatch(/\S/);
  });

  it('when the token is invalid, then the ApiError is 401 UNAUTHENTICATED', async () => {
    const broken = createGraphQLClient({ url: apps.graphqlUrl, token: 'not.a.token' });
    await expect(broken.request(MeDocument)).rejects.toMatchObject({
      status: 401,
      httpStatus: 401,
      code: 'UNAUTHENTICATED',
    });
  });

  it('when a paper does not exist, then the ApiError is 404 NOT_FOUND', async () => {
    await expect(
      anonymous.request(PaperDocument, { slug: `missing-${catalog.tag}` }),
    ).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('when a vote value is out of range, then the ApiError is 400 BAD_USER_INPUT naming the field', async () => {
    const error = (await admin
      .request(VoteSolutionDocument, { id: catalog.solutionId, value: 5 })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 400, code: 'BAD_USER_INPUT' });
    expect(error.details).toContainEqual(expect.objectContaining({ path: 'value' }));
  });

  it('when the endpoint is not a GraphQL server, then the ApiError says so instead of failing to parse', async () => {
    const wrong = createGraphQLClient({ url: `${apps.restUrl}/api/v1/docs` });
    await expect(wrong.request(MeDocument)).rejects.toMatchObject({
      code: 'UNEXPECTED_RESPONSE',
    });
  });
});
