import { describe, expect, it } from 'vitest';
import { PaperModel } from '../paper/model.js';
import { SolutionModel } from '../solution/model.js';
import { UniversityModel } from '../university/model.js';
import { useTestDatabase } from '../test-support/database.js';
import { buildIndexes } from './prepare.js';

useTestDatabase();

async function indexesOf(model: typeof PaperModel) {
  return model.collection.listIndexes().toArray();
}

describe('buildIndexes', () => {
  it('when indexes an earlier version declared are there, then they are dropped, the partial ones that replace them made, and an index nobody declared kept', async () => {
    // As earlier versions declared them: lists' orders led by a flag, and a flag alone.
    await PaperModel.collection.createIndex({ visible: 1, examYear: -1, createdAt: -1, _id: 1 });
    await UniversityModel.collection.createIndex({ isActive: 1, name: 1 });
    await SolutionModel.collection.createIndex({ visible: 1 });
    await PaperModel.collection.createIndex({ title: 1 }, { name: 'made_by_hand' });

    await buildIndexes();

    const papers = await indexesOf(PaperModel);
    const paperNames = papers.map((index) => index.name);
    expect(paperNames).not.toContain('visible_1_examYear_-1_createdAt_-1__id_1');
    expect(paperNames).toContain('made_by_hand');
    const listed = papers.find((index) => index.name === 'visible_examYear_-1_createdAt_-1__id_1');
    expect(listed?.key).toEqual({ examYear: -1, createdAt: -1, _id: 1 });
    expect(listed?.partialFilterExpression).toEqual({ visible: true });
    expect(paperNames).toContain('examYear_-1_createdAt_-1__id_1');

    const universities = await indexesOf(UniversityModel as unknown as typeof PaperModel);
    expect(universities.map((index) => index.name)).not.toContain('isActive_1_name_1');
    expect(
      universities.find((index) => index.name === 'isActive_name_1__id_1')?.partialFilterExpression,
    ).toEqual({ isActive: true });
    const solutions = await indexesOf(SolutionModel as unknown as typeof PaperModel);
    expect(solutions.map((index) => index.name)).not.toContain('visible_1');
    // What the engine answers when another process dropped it first: buildIndexes goes on.
    await expect(SolutionModel.collection.dropIndex('visible_1')).rejects.toMatchObject({
      codeName: 'IndexNotFound',
    });
    await SolutionModel.collection.createIndex({ visible: 1 });
    await Promise.all([buildIndexes(), buildIndexes()]);
    expect(
      (await indexesOf(SolutionModel as unknown as typeof PaperModel)).map((index) => index.name),
    ).not.toContain('visible_1');

    await PaperModel.collection.dropIndex('made_by_hand');
  });
});
