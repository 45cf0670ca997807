import { describe, expect, it } from 'vitest';
import { QuestionModel } from './model.js';
import { deleteQuestion, updateQuestion } from './service.js';
import { useOffering, usePaper } from '../test-support/content-hooks.js';
import { makeQuestion, makeSolution } from '../test-support/content-fixtures.js';
import { missingId, useTestActors } from '../test-support/database.js';
import { expectRefused } from '../test-support/refusals.js';

const { actors } = useTestActors();

describe('updateQuestion', () => {
  const fixture = useOffering();
  const other = useOffering();
  const paper = usePaper(fixture);

  it('when an editor updates text, difficulty, module and topic, then the question changes', async () => {
    const { id } = await makeQuestion(paper.id);
    const question = await updateQuestion({
      actor: actors.editor,
      id,
      input: {
        text: 'Reworded',
        difficulty: 'hard',
        moduleId: fixture.modules[1]!.id,
        topicId: fixture.modules[1]!.topics[1],
        isVerified: true,
      },
    });
    expect(question).toMatchObject({
      id,
      paperId: paper.id,
      text: 'Reworded',
      difficulty: 'hard',
      moduleId: fixture.modules[1]!.id,
      topicId: fixture.modules[1]!.topics[1],
      isVerified: true,
    });
  });

  it('when a question becomes an mcq with options and then a short one with options removed, then both are accepted', async () => {
    const { id } = await makeQuestion(paper.id);
    const mcq = await updateQuestion({
      actor: actors.admin,
      id,
      input: { type: 'mcq', options: ['yes', 'no'] },
    });
    expect(mcq).toMatchObject({ type: 'mcq', options: ['yes', 'no'] });
    const short = await updateQuestion({
      actor: actors.admin,
      id,
      input: { type: 'short', options: null },
    });
    expect(short).toMatchObject({ type: 'short', options: null });
  });

  it.each([
    ['a paperId', { paperId: missingId }, 'paperId'],
    ['an mcq type without options', { type: 'mcq' }, 'options'],
    ['a createdBy field', { createdBy: missingId }, 'createdBy'],
    ['nothing', {}, ''],
  ])('when the update has %s, then it is a 400', async (_n, input, path) => {
    const { id } = await makeQuestion(paper.id);
    const error = await updateQuestion({ actor: actors.admin, id, input }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400 });
    expect((error as { details: { path: string }[] }).details[0]!.path).toBe(path);
  });

  it('when an mcq changes to another type but keeps its options, then it is a 400 naming options', async () => {
    const { id } = await makeQuestion(paper.id, { type: 'mcq' });
    await expect(
      updateQuestion({ actor: actors.admin, id, input: { type: 'long' } }),
    ).rejects.toMatchObject({
      status: 400,
      details: [{ path: 'options' }],
    });
  });

  it('when the new module is of another offering or the topic of another module, then it is a 400 naming the field', async () => {
    const { id } = await makeQuestion(paper.id, { moduleId: fixture.modules[0]!.id });
    await expect(
      updateQuestion({ actor: actors.admin, id, input: { moduleId: other.modules[0]!.id } }),
    ).rejects.toMatchObject({
      status: 400,
      details: [{ path: 'moduleId' }],
    });
    // The merged result keeps module 0, so a topic of module 1 does not fit.
    await expect(
      updateQuestion({
        actor: actors.admin,
        id,
        input: { topicId: fixture.modules[1]!.topics[0] },
      }),
    ).rejects.toMatchObject({
      status: 400,
      details: [{ path: 'topicId' }],
    });
  });

  it('when the slug belongs to another question, then it is a 409', async () => {
    const first = await makeQuestion(paper.id);
    const { id } = await makeQuestion(paper.id);
    await expect(
      updateQuestion({ actor: actors.editor, id, input: { slug: first.slug } }),
    ).rejects.toMatchObject({ status: 409 });
  });
});

describe('deleteQuestion', () => {
  const paper = usePaper(useOffering());

  it('when an admin deletes a question without solutions, then it is gone', async () => {
    const { id } = await makeQuestion(paper.id);
    await deleteQuestion({ actor: actors.admin, id });
    expect(await QuestionModel.exists({ _id: id })).toBeNull();
  });

  it('when the question has solutions, then it is a 409 saying how many', async () => {
    const { id } = await makeQuestion(paper.id);
    await makeSolution(id, actors.normal.id);
    await expectRefused(
      deleteQuestion({ actor: actors.admin, id }),
      { status: 409, message: 'Question cannot be deleted: 1 solution still references it' },
      { model: QuestionModel, id },
    );
  });
});
