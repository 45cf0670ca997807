import { describe, expect, it } from 'vitest';
import { mongoose } from '../db.js';
import { backfillAncestorKeys, backfillVisible } from '../storage/migrations.js';
import { PaperModel } from '../paper/model.js';
import { UniversityModel } from '../university/model.js';
import { QuestionModel } from '../question/model.js';
import { REFERENCES, dependentsOf } from './reference-table.js';
import { SolutionModel, VoteModel } from '../solution/model.js';
import { ModuleModel } from '../syllabus/model.js';
import {
  deleteSolution,
  getSolutionById,
  updateSolution,
  voteSolution,
} from '../solution/service.js';
import {
  createModule,
  createTopic,
  deleteModule,
  deleteSyllabus,
  deleteTopic,
  getSyllabus,
  getTopicById,
  updateModule,
  updateTopic,
} from '../syllabus/service.js';
import { makeActor } from '../test-support/callers.js';
import {
  makeOffering,
  makePaper,
  makeQuestion,
  makeSolution,
} from '../test-support/content-fixtures.js';
import { useTestActors } from '../test-support/database.js';

const { actors } = useTestActors();

const failure = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: { status: number; message: string; details?: { path: string }[] }) => error,
  );

describe('the reference table', () => {
  it('when a model is deleted, then its dependents come from the table', () => {
    expect(dependentsOf(ModuleModel).map((r) => `${r.child.modelName}.${r.field}`)).toEqual([
      'Topic.moduleId',
      'Question.moduleId',
    ]);
    expect(dependentsOf(SolutionModel)).toEqual([
      expect.objectContaining({ child: VoteModel, onDelete: 'cascade' }),
    ]);
    // Every reference names a registered model on both ends.
    const registered = Object.values(mongoose.models);
    for (const r of REFERENCES) {
      expect(registered).toContain(r.child);
      expect(registered).toContain(r.parent);
    }
  });
});

describe('modules, topics and the syllabus: edits and deletes', () => {
  it('when an editor renames and reorders a module and a topic, then the syllabus shows it', async () => {
    const offering = await makeOffering();
    const [first, second] = offering.modules;
    await updateModule({
      actor: actors.editor,
      id: second!.id,
      input: { title: 'Graphs', order: 0 },
    });
    await updateTopic({
      actor: actors.editor,
      id: first!.topics[1]!,
      input: { order: 0, title: 'Heaps' },
    });
    const tree = await getSyllabus({ subjectOfferingId: offering.offeringId });
    expect(tree.modules.map((m) => m.title)).toEqual(['Graphs', 'Module 1']);
    expect(tree.modules[1]!.topics.map((t) => t.title)).toEqual(['Heaps', 'Topic 1.1']);
  });

  it('when a topic update names another module or nothing, then it is refused with 400', async () => {
    const offering = await makeOffering();
    const topic = offering.modules[0]!.topics[0]!;
    const move = await failure(
      updateTopic({
        actor: actors.editor,
        id: topic,
        input: { moduleId: offering.modules[1]!.id },
      }),
    );
    expect(move?.status).toBe(400);
    expect(
      (await failure(updateTopic({ actor: actors.editor, id: topic, input: {} })))?.status,
    ).toBe(400);
    expect((await getTopicById({ id: topic })).moduleId).toBe(offering.modules[0]!.id);
  });

  it('when a normal user or anonymous caller edits or deletes, then 403 or 401', async () => {
    const offering = await makeOffering();
    const id = offering.modules[0]!.id;
    expect(
      (await failure(updateModule({ actor: actors.normal, id, input: { title: 'x' } })))?.status,
    ).toBe(403);
    expect((await failure(deleteModule({ actor: null, id })))?.status).toBe(401);
    expect((await failure(deleteModule({ actor: actors.editor, id })))?.status).toBe(403);
  });

  it('when dependents exist, then module, topic and syllabus deletes are refused with 409 naming them, and succeed once they are gone', async () => {
    const offering = await makeOffering();
    const module = offering.modules[0]!;
    const paper = await makePaper(offering.offeringId);
    const question = await makeQuestion(paper.id, {
      moduleId: module.id,
      topicId: module.topics[0],
    });

    const moduleRefusal = await failure(deleteModule({ actor: actors.admin, id: module.id }));
    expect(moduleRefusal).toMatchObject({
      status: 409,
      message: 'Module cannot be deleted: 2 topics and 1 question still reference it',
    });
    expect(moduleRefusal?.details?.map((d) => d.path)).toEqual(['topics', 'questions']);
    expect(
      await failure(deleteTopic({ actor: actors.admin, id: module.topics[0]! })),
    ).toMatchObject({ status: 409, details: [{ path: 'questions' }] });
    expect(
      await failure(
        deleteSyllabus({ actor: actors.admin, subjectOfferingId: offering.offeringId }),
      ),
    ).toMatchObject({ status: 409, details: [{ path: 'modules' }] });

    await QuestionModel.deleteOne({ _id: question.id });
    for (const topic of module.topics) await deleteTopic({ actor: actors.admin, id: topic });
    await deleteModule({ actor: actors.admin, id: module.id });
    const other = offering.modules[1]!;
    for (const topic of other.topics) await deleteTopic({ actor: actors.admin, id: topic });
    await deleteModule({ actor: actors.admin, id: other.id });
    await deleteSyllabus({ actor: actors.admin, subjectOfferingId: offering.offeringId });
    expect(await failure(getSyllabus({ subjectOfferingId: offering.offeringId }))).toMatchObject({
      status: 404,
      message: 'Syllabus not found',
    });
  });

  it('when a topic is created, then it carries its syllabus and university for root-key loads', async () => {
    const offering = await makeOffering();
    const module = await createModule({
      actor: actors.editor,
      input: { subjectOfferingId: offering.offeringId, title: 'Extra' },
    });
    const topic = await createTopic({
      actor: actors.editor,
      input: { moduleId: module.id, title: 'T' },
    });
    expect(topic).toMatchObject({
      syllabusId: offering.syllabusId,
      universityId: offering.universityId,
      subjectOfferingId: offering.offeringId,
    });
  });
});

describe('solutions: edit by the author, delete by the author or an admin', () => {
  async function solutionWithVote() {
    const offering = await makeOffering();
    const paper = await makePaper(offering.offeringId);
    const question = await makeQuestion(paper.id);
    const author = await makeActor('normal');
    const id = await makeSolution(question.id, author.id);
    await voteSolution({ actor: actors.normal, id, input: { value: 1 } });
    return { id, author };
  }

  it('when the author edits, then the content changes and the counts stay; anyone else gets 403', async () => {
    const { id, author } = await solutionWithVote();
    const edited = await updateSolution({ actor: author, id, input: { content: 'Better.' } });
    expect(edited).toMatchObject({ content: 'Better.', upvotes: 1 });
    for (const actor of [actors.normal, actors.editor, actors.admin]) {
      expect((await failure(updateSolution({ actor, id, input: { content: 'x' } })))?.status).toBe(
        403,
      );
    }
    expect(
      (await failure(updateSolution({ actor: author, id, input: { content: '' } })))?.status,
    ).toBe(400);
  });

  it('when the author or an admin deletes, then the solution and its votes are gone; others get 403', async () => {
    const first = await solutionWithVote();
    expect((await failure(deleteSolution({ actor: actors.editor, id: first.id })))?.status).toBe(
      403,
    );
    await deleteSolution({ actor: first.author, id: first.id });
    expect(await SolutionModel.exists({ _id: first.id })).toBeNull();
    expect(await VoteModel.countDocuments({ solutionId: first.id })).toBe(0);
    expect((await failure(getSolutionById({ actor: null, id: first.id })))?.status).toBe(404);

    const second = await solutionWithVote();
    await deleteSolution({ actor: actors.admin, id: second.id });
    expect(await VoteModel.countDocuments({ solutionId: second.id })).toBe(0);
  });
});

describe('backfill of ancestor keys', () => {
  it('when documents written before the keys existed are found, then the keys are copied from their parents once', async () => {
    const offering = await makeOffering();
    const paper = await makePaper(offering.offeringId, { status: 'approved' });
    const question = await makeQuestion(paper.id);
    const author = await makeActor('normal');
    const solution = await makeSolution(question.id, author.id);
    const db = mongoose.connection.db!;
    // As an earlier version wrote them: without the copied fields.
    await db
      .collection('questions')
      .updateOne(
        { _id: new mongoose.Types.ObjectId(question.id) },
        { $unset: { paperStatus: 1, universityId: 1, examYear: 1 } },
      );
    await db
      .collection('solutions')
      .updateOne(
        { _id: new mongoose.Types.ObjectId(solution) },
        { $unset: { paperStatus: 1, paperId: 1, subjectOfferingId: 1, universityId: 1 } },
      );
    await db.collection('migrations').deleteMany({});

    const first = await backfillAncestorKeys();
    expect(first.updated).toBeGreaterThanOrEqual(2);
    expect(await QuestionModel.findById(question.id).lean()).toMatchObject({
      paperStatus: 'approved',
    });
    expect(String((await SolutionModel.findById(solution).lean())!.universityId)).toBe(
      offering.universityId,
    );
    expect(await backfillAncestorKeys()).toEqual({ updated: 0 });
  });

  it('when more stale documents than one update command may carry are found, then every one is backfilled', async () => {
    const offering = await makeOffering();
    const paper = await makePaper(offering.offeringId, { status: 'approved' });
    const ids: string[] = [];
    for (let i = 0; i < 90; i += 1) ids.push((await makeQuestion(paper.id)).id);
    const db = mongoose.connection.db!;
    await db
      .collection('questions')
      .updateMany({ paperId: new mongoose.Types.ObjectId(paper.id) }, { $unset: { examYear: 1 } });
    await db.collection('migrations').deleteMany({});
    const { updated } = await backfillAncestorKeys();
    expect(updated).toBeGreaterThanOrEqual(90);
    expect(
      await QuestionModel.countDocuments({ paperId: paper.id, examYear: { $exists: false } }),
    ).toBe(0);
  }, 120_000);
});

describe('backfill of the visible flag', () => {
  it('when content written before the flag existed is found, then approved content of active universities becomes visible and the rest hidden, once', async () => {
    const shownOffering = await makeOffering();
    const shown = await makePaper(shownOffering.offeringId, { status: 'approved' });
    const shownQuestion = await makeQuestion(shown.id);
    const pending = await makePaper(shownOffering.offeringId, { status: 'pending' });
    const inactiveOffering = await makeOffering();
    const inactive = await makePaper(inactiveOffering.offeringId, { status: 'approved' });
    await UniversityModel.updateOne(
      { _id: inactiveOffering.universityId },
      { $set: { isActive: false } },
    );
    const db = mongoose.connection.db!;
    for (const model of [PaperModel, QuestionModel, SolutionModel]) {
      await db
        .collection(model.collection.collectionName)
        .updateMany({}, { $unset: { visible: 1 } });
    }
    await db.collection('migrations').deleteMany({});

    const first = await backfillVisible();
    expect(first.updated).toBeGreaterThanOrEqual(4);
    const flag = async (id: string) => (await PaperModel.findById(id).lean())!.visible;
    expect([await flag(shown.id), await flag(pending.id), await flag(inactive.id)]).toEqual([
      true,
      false,
      false,
    ]);
    expect((await QuestionModel.findById(shownQuestion.id).lean())!.visible).toBe(true);
    expect(await backfillVisible()).toEqual({ updated: 0 });
  });
});
