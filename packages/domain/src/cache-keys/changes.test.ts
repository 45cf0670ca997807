import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REFERENCES } from '../writing/reference-table.js';
import { deleteQuestion, updateQuestion } from '../question/service.js';
import { setPaperStatus } from '../paper/service.js';
import { voteSolution } from '../solution/service.js';
import { deleteUniversity } from '../university/service.js';
import {
  makeOffering,
  makePaper,
  makeQuestion,
  makeSolution,
} from '../test-support/content-fixtures.js';
import { missingId, useTestActors } from '../test-support/database.js';
import { UniversityModel } from '../university/model.js';
import { onCatalogChange } from './changes.js';
import { answerKeys, changeKeys, listKey } from './keys.js';

const { actors } = useTestActors();

let dropped: Set<string>;
let stop: () => void;
beforeEach(() => {
  dropped = new Set();
  stop = onCatalogChange((keys) => keys.forEach((key) => dropped.add(key)));
});
afterEach(() => stop());

describe('the keys of a write', () => {
  it('when a question is deleted, then its own id, its paper and the question lists are dropped', async () => {
    const { offeringId, modules } = await makeOffering();
    const paper = await makePaper(offeringId);
    const topicId = modules[0]!.topics[0]!;
    const question = await makeQuestion(paper.id, { moduleId: modules[0]!.id, topicId });
    dropped.clear();

    await deleteQuestion({ actor: actors.admin, id: question.id });

    for (const key of [question.id, paper.id, topicId, offeringId, listKey('Question')]) {
      expect(dropped).toContain(key);
    }
    expect(dropped).toContain('list:Search');
  });

  it('when a question is edited, then the keys a read of it carries are among those dropped', async () => {
    const { offeringId } = await makeOffering();
    const paper = await makePaper(offeringId);
    const question = await makeQuestion(paper.id);
    dropped.clear();

    const updated = await updateQuestion({
      actor: actors.admin,
      id: question.id,
      input: { text: 'What is an AVL tree, and why does it stay balanced?' },
    });

    // Every key but the university's (dropped by the university's own writes, see keys.ts).
    const read = answerKeys(updated).filter(
      (key) => key !== (updated as { universityId: string }).universityId,
    );
    for (const key of read) expect(dropped).toContain(key);
  });

  it('when a paper is approved, then the paper and the lists below it (its questions) are dropped', async () => {
    const { offeringId } = await makeOffering();
    const paper = await makePaper(offeringId, { status: 'pending' });
    await makeQuestion(paper.id);
    dropped.clear();

    await setPaperStatus({ actor: actors.admin, id: paper.id, input: { status: 'approved' } });

    for (const key of [paper.id, listKey('Paper'), listKey('Question'), listKey('Solution')]) {
      expect(dropped).toContain(key);
    }
  });

  it('when someone votes, then the solution, its question and the solution lists are dropped, not the university', async () => {
    const { offeringId, universityId } = await makeOffering();
    const question = await makeQuestion((await makePaper(offeringId)).id);
    const solutionId = await makeSolution(question.id, actors.editor.id);
    dropped.clear();

    await voteSolution({ actor: actors.normal, id: solutionId, input: { value: 1 } });

    expect(dropped).toContain(solutionId);
    expect(dropped).toContain(question.id);
    expect(dropped).toContain(listKey('Solution'));
    expect(dropped).not.toContain(universityId);
    expect(dropped).not.toContain(listKey('Paper'));
  });

  it('when a write matches nothing, then nothing is dropped', async () => {
    await UniversityModel.updateMany({ _id: missingId }, { $set: { name: 'Nobody' } });
    await UniversityModel.deleteOne({ _id: missingId });

    expect([...dropped]).toEqual([]);
  });

  it('when a university is deactivated, then its id and every list of the catalog are dropped', async () => {
    const { universityId } = await makeOffering();
    dropped.clear();

    await deleteUniversity({ actor: actors.admin, id: universityId });

    expect(dropped).toContain(universityId);
    for (const kind of [
      'University',
      'Branch',
      'SubjectOffering',
      'Paper',
      'Question',
      'Solution',
    ]) {
      expect(dropped).toContain(listKey(kind));
    }
  });
});

describe('the keys of an answer', () => {
  it('when an answer nests records, then each record and what it references are keys, plus its list', () => {
    const keys = answerKeys(
      [
        {
          id: 'a'.repeat(24),
          paperId: 'b'.repeat(24),
          context: { university: { id: 'c'.repeat(24), slug: 'nfit' } },
          createdBy: 'not-an-id',
        },
      ],
      'SearchHit',
    );
    expect(keys.sort()).toEqual(
      ['a'.repeat(24), 'b'.repeat(24), 'c'.repeat(24), 'list:Search'].sort(),
    );
  });

  it('when the reference table changes, then a write drops the lists of every kind below it', () => {
    for (const { child, parent } of REFERENCES) {
      if (child.modelName === 'Vote') continue;
      expect(changeKeys(parent.modelName, []), parent.modelName).toContain(
        listKey(child.modelName),
      );
    }
  });
});
