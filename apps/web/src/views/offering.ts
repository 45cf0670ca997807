// A subject offering: its syllabus tree (modules, topics, how many questions each) and papers;
// and one topic with its questions.
import { OfferingSyllabusDocument } from '@qpc/client/graphql';
import type { OfferingSyllabusQuery, QuestionSummaryFragment } from '@qpc/client/graphql';
import { api } from '../api.js';
import { h } from '../dom.js';
import { STATUS } from '../labels.js';
import { href } from '../router.js';
import type { Params } from '../router.js';
import { offeringPanels } from '../sections.js';
import { breadcrumbs, chip, questionChips, questionCount } from '../widgets.js';

type Offering = NonNullable<OfferingSyllabusQuery['subjectOffering']>;

async function loadOffering(id: string): Promise<Offering> {
  const { subjectOffering } = await api.request(OfferingSyllabusDocument, { id });
  return subjectOffering!;
}

function offeringCrumbs(offering: Offering, current?: string): HTMLElement {
  const { university, branch, semester, subject } = offering;
  return breadcrumbs(
    ['Universities', '#/'],
    [university.shortName, href('/u/', university.slug)],
    [branch.code ?? branch.name, href('/u/', university.slug)],
    [
      `Semester ${semester.number}`,
      href('/u/', university.slug, '/b/', branch.id, '/s/', semester.id),
    ],
    current ? [subject.name, href('/o/', offering.id)] : [subject.name],
    ...(current ? [[current] as [string]] : []),
  );
}

/** Newest exam year first; within a year by title, so the list reads the same on every visit. */
function byYearThenTitle(papers: Offering['papers']): Offering['papers'] {
  return [...papers].sort((a, b) => b.examYear - a.examYear || a.title.localeCompare(b.title));
}

function paperList(offering: Offering): HTMLElement {
  return h(
    'section',
    { class: 'panel' },
    h('h2', null, 'Papers'),
    offering.papers.length
      ? h(
          'ul',
          { class: 'list' },
          byYearThenTitle(offering.papers).map((paper) =>
            h(
              'li',
              null,
              h('a', { href: href('/p/', paper.slug) }, paper.title),
              ' ',
              paper.status === 'APPROVED'
                ? null
                : chip(STATUS[paper.status], `status status-${paper.status.toLowerCase()}`),
            ),
          ),
        )
      : h('p', { class: 'empty' }, 'No papers yet.'),
  );
}

/** The syllabus tree of an offering, each topic linking to its questions. */
export async function offeringView({ offeringId }: Params): Promise<Node> {
  const offering = await loadOffering(offeringId!);
  const { subject, university, branch, semester, syllabus } = offering;
  const panels = await Promise.all(
    offeringPanels.map(async (panel) =>
      h('section', { class: 'panel' }, h('h2', null, panel.title), await panel.render(offering.id)),
    ),
  );
  return h(
    'section',
    null,
    offeringCrumbs(offering),
    h('h1', null, subject.code ? `${subject.name} (${subject.code})` : subject.name),
    h(
      'p',
      { class: 'lead' },
      [university.name, branch.name, `semester ${semester.number}`, offering.regulation]
        .filter(Boolean)
        .join(' · '),
    ),
    h(
      'section',
      { class: 'panel syllabus' },
      h('h2', null, 'Syllabus'),
      syllabus?.modules.length
        ? h(
            'ol',
            { class: 'modules' },
            syllabus.modules.map((module) => {
              const loose = module.questions.filter((q) => !q.topicId).length;
              return h(
                'li',
                { class: 'module' },
                h('h3', null, module.title),
                h(
                  'ul',
                  { class: 'topics' },
                  module.topics.map((topic) =>
                    h(
                      'li',
                      null,
                      h('a', { href: href('/o/', offering.id, '/t/', topic.id) }, topic.title),
                      h('span', { class: 'count' }, questionCount(topic.questions.length)),
                    ),
                  ),
                ),
                loose
                  ? h('p', { class: 'note' }, `${questionCount(loose)} on the module as a whole`)
                  : null,
              );
            }),
          )
        : h('p', { class: 'empty' }, 'No syllabus yet.'),
    ),
    panels,
    paperList(offering),
  );
}

function questionItem(question: QuestionSummaryFragment, offering: Offering): HTMLElement {
  const paper = offering.papers.find((p) => p.id === question.paperId);
  return h(
    'li',
    { class: 'question' },
    h('p', { class: 'question-text' }, question.text),
    questionChips(question),
    paper
      ? h(
          'p',
          { class: 'source' },
          'Asked in ',
          h('a', { href: href('/p/', paper.slug) }, paper.title),
        )
      : null,
  );
}

/** One topic of the syllabus with the questions filed under it, each linking to its paper. */
export async function topicView({ offeringId, topicId }: Params): Promise<Node> {
  const offering = await loadOffering(offeringId!);
  const module = offering.syllabus?.modules.find((m) => m.topics.some((t) => t.id === topicId));
  const topic = module?.topics.find((t) => t.id === topicId);
  if (!module || !topic) return h('p', { class: 'empty' }, 'This topic is not in the syllabus.');
  return h(
    'section',
    null,
    offeringCrumbs(offering, topic.title),
    h('h1', null, topic.title),
    h('p', { class: 'lead' }, `${module.title} · ${questionCount(topic.questions.length)}`),
    topic.questions.length
      ? h(
          'ol',
          { class: 'questions' },
          topic.questions.map((q) => questionItem(q, offering)),
        )
      : h('p', { class: 'empty' }, 'No question on this topic yet.'),
  );
}
