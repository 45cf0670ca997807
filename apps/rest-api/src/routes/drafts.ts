// A paper's draft questions, read from its PDF, and their acceptance; and the near-identical
// questions of a question. The rules live in the domain's drafts and similar services.
import {
  acceptDrafts,
  findAcceptedDrafts,
  getPaperDrafts,
  listSimilarQuestions,
} from '@qpc/domain';
import {
  acceptDraftsInput,
  paperDraftsSchema,
  questionSchema,
  similarQuestionSchema,
} from '@qpc/domain/schemas';
import { z } from 'zod';
import type { Question } from '@qpc/domain';
import type { RouteDefinition } from './route.js';
import { approvedOnly, component, created, idParams, item, resourcePath } from './route.js';

const Drafts = component('PaperDrafts', paperDraftsSchema);
const AcceptedQuestions = component('AcceptedQuestions', z.array(questionSchema));
const SimilarQuestions = component('SimilarQuestions', z.array(similarQuestionSchema));

export const draftRoutes: RouteDefinition[] = [
  {
    method: 'get',
    path: '/papers/:id/drafts',
    tag: 'Papers',
    operationId: 'getPaperDrafts',
    summary: "The draft questions read from a paper's PDF",
    description:
      '`status` is `pending` while the PDF is read (after each upload), with `progress` ' +
      '`{pagesRead, pages}`, then `ready`, or `failed` with `reason` (an OCR page past its time limit, for ' +
      'one). Pages with no text layer are read by OCR (Tesseract): `ocrPages` lists them, and ' +
      '`textLayer: false` means no page had one. At most `DRAFTS_MAX_PAGES` pages are read. Each draft: its `number` normalised ' +
      '("4 (a)", "4.a" and "Q4 (a)" are `4(a)`, a part of its own with `parent` `4`), `page`, `section` ' +
      '("Section A"), `text` without number and marks, `marks` printed anywhere on it ("[5]", "[5 marks]", ' +
      '"(5 marks)", "(5)", "5M", "5 Marks", "(2×5=10)" is 10; a marks column; after options), `type` (`mcq` ' +
      'with four or more `options`, `long` from 8 marks, else `short`), `confidence` (0..1; words OCR was ' +
      'unsure of lower it) and `warnings`, ' +
      'the suggested module and topic (only when one topic clearly leads), `similar` earlier questions of ' +
      'the subject the caller may see, and `acceptedQuestionId`. The body adds `suggested` (exam year and ' +
      'type, maximum marks, duration, each null when not printed) and `warnings` about the whole paper ' +
      '(pages left out or skipped, and why). ' +
      'Headers, footers, page numbers and instructions are never part of a draft. 404 when the paper has ' +
      'no file.',
    action: 'catalog:write',
    params: idParams,
    response: item(Drafts),
    handler: ({ actor, param }) => getPaperDrafts({ actor, id: param('id') }),
  },
  {
    method: 'post',
    path: '/papers/:id/drafts/accept',
    tag: 'Papers',
    operationId: 'acceptPaperDrafts',
    summary: 'Make questions of drafts',
    description:
      'One question per entry, in the given order, through the ordinary question rules (400 naming the field); ' +
      "fields given replace the draft's (module and topic together; `difficulty` defaults to medium). An unknown " +
      'index is 400; a draft accepted before is 409 naming it; drafts not ready are 409. 201 with the questions ' +
      "made; `Location` names the paper's drafts.",
    action: 'catalog:write',
    params: idParams,
    body: acceptDraftsInput,
    conflict:
      'a draft was accepted before (the message names its index), or the drafts are not ready',
    response: created(
      AcceptedQuestions,
      (questions: Question[]) => resourcePath('papers', questions[0]?.paperId ?? '', 'drafts'),
      ({ actor, param, body }, requestId) =>
        findAcceptedDrafts({ actor, id: param('id'), input: body, requestId }),
    ),
    handler: ({ actor, param, body, createdId }) =>
      acceptDrafts({ actor, id: param('id'), input: body, requestId: createdId }),
  },
];

// After the question routes: `/questions/slug/:slug` is matched first.
export const similarRoutes: RouteDefinition[] = [
  {
    method: 'get',
    path: '/questions/:id/similar',
    tag: 'Questions',
    operationId: 'listSimilarQuestions',
    summary: 'Near-identical questions of other papers of the same subject',
    description:
      'Up to 20, from any offering or university of the subject, by similarity (Jaccard index of the normalised ' +
      '2-word shingle sets, above 0.5), then exam year descending. ' +
      `${approvedOnly('questions')} A question the caller may not see is not found.`,
    action: null,
    params: idParams,
    response: item(SimilarQuestions),
    handler: ({ caller, param }) => listSimilarQuestions({ actor: caller, id: param('id') }),
  },
];
