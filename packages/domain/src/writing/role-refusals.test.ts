// Who may change content, across its kinds: editors and admins update, only admins delete. A
// refused write answers 401 or 403 and leaves the document as it was; a missing one is a 404.
import { describe, expect, it } from 'vitest';
import type { MaybeActor } from '../access.js';
import { PaperModel } from '../paper/model.js';
import { deletePaper, updatePaper } from '../paper/service.js';
import { QuestionModel } from '../question/model.js';
import { deleteQuestion, updateQuestion } from '../question/service.js';
import type { AnyModel } from '../storage/model-helpers.js';
import { refusedUnlessAdmin, refusedUnlessEditor } from '../test-support/callers.js';
import { useOffering, usePaper } from '../test-support/content-hooks.js';
import { makePaper, makeQuestion } from '../test-support/content-fixtures.js';
import { missingId, useTestActors } from '../test-support/database.js';
import { expectRefused } from '../test-support/refusals.js';

const { actors, who } = useTestActors();
const offering = useOffering();
const paper = usePaper(offering);

type Write = (input: { actor: MaybeActor; id: string }) => Promise<unknown>;

// Each kind of content: how one is made, an update of one of its fields, and its delete.
const kinds: {
  model: AnyModel;
  make: () => Promise<{ id: string }>;
  update: Write;
  remove: Write;
}[] = [
  {
    model: PaperModel,
    make: () => makePaper(offering.offeringId),
    update: (input) => updatePaper({ ...input, input: { title: 'Hacked' } }),
    remove: deletePaper,
  },
  {
    model: QuestionModel,
    make: () => makeQuestion(paper.id),
    update: (input) => updateQuestion({ ...input, input: { text: 'Hacked' } }),
    remove: deleteQuestion,
  },
];

describe.each(kinds)('writing a $model.modelName', ({ model, make, update, remove }) => {
  const what = model.modelName.toLowerCase();
  const stored = async (id: string) => model.findById(id).lean();

  it.each(refusedUnlessEditor)(
    `when %s updates a ${what}, then it is refused with %i and the ${what} is unchanged`,
    async (_n, status, actor) => {
      const { id } = await make();
      const before = await stored(id);
      await expectRefused(update({ actor: who(actor), id }), { status });
      expect(await stored(id)).toEqual(before);
    },
  );

  it.each(refusedUnlessAdmin)(
    `when %s deletes a ${what}, then it is refused with %i and the ${what} stays`,
    async (_n, status, actor) => {
      const { id } = await make();
      await expectRefused(remove({ actor: who(actor), id }), { status }, { model, id });
    },
  );

  it(`when the ${what} does not exist, then updating or deleting it is a 404`, async () => {
    await expectRefused(update({ actor: actors.editor, id: missingId }), { status: 404 });
    await expectRefused(remove({ actor: actors.admin, id: missingId }), { status: 404 });
  });
});
