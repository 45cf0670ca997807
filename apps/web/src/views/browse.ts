// Browsing: universities -> a university's branches and semesters -> a semester's subjects.
import {
  SemesterOfferingsDocument,
  UniversitiesDocument,
  UniversityTreeDocument,
} from '@qpc/client/graphql';
import { api } from '../api.js';
import { h } from '../dom.js';
import { href } from '../router.js';
import type { Params } from '../router.js';
import { sections } from '../sections.js';
import { breadcrumbs } from '../widgets.js';

/** The home page: every university. */
export async function homeView(): Promise<Node> {
  const { universities } = await api.request(UniversitiesDocument, { limit: 100 });
  return h(
    'section',
    null,
    h('h1', null, 'Find previous-year questions'),
    h(
      'p',
      { class: 'lead' },
      'Pick your university, branch and semester to see each subject’s syllabus, with the questions asked on every topic and their solutions.',
    ),
    sections.length
      ? h(
          'p',
          { class: 'sections' },
          sections.map((s) => h('a', { href: `#${s.path}`, class: 'button' }, s.title)),
        )
      : null,
    h('h2', null, 'Universities'),
    universities.items.length
      ? h(
          'ul',
          { class: 'cards' },
          universities.items.map((u) =>
            h(
              'li',
              null,
              h(
                'a',
                { href: href('/u/', u.slug), class: 'card' },
                h('span', { class: 'card-title' }, u.name),
                h('span', { class: 'card-meta' }, u.shortName),
              ),
            ),
          ),
        )
      : h('p', { class: 'empty' }, 'No universities yet.'),
  );
}

/** "Semester 3", or "Semester 5 · III-I" when the semester has a name of its own. */
function semesterLabel(semester: { number: number; name: string | null }): string {
  const plain = `Semester ${semester.number}`;
  return semester.name && semester.name !== plain ? `${plain} · ${semester.name}` : plain;
}

async function universityTree(slug: string) {
  const { university } = await api.request(UniversityTreeDocument, { slug });
  // A missing university is a NOT_FOUND error, raised by the client; null cannot reach here.
  return university!;
}

/** A university's branches, each with its semesters. */
export async function universityView({ slug }: Params): Promise<Node> {
  const university = await universityTree(slug!);
  return h(
    'section',
    null,
    breadcrumbs(['Universities', '#/'], [university.shortName]),
    h('h1', null, university.name),
    university.branches.length
      ? university.branches.map((branch) =>
          h(
            'section',
            { class: 'panel', 'aria-label': branch.name },
            h('h2', null, branch.code ? `${branch.name} (${branch.code})` : branch.name),
            branch.semesters.length
              ? h(
                  'ul',
                  { class: 'pills' },
                  branch.semesters.map((semester) =>
                    h(
                      'li',
                      null,
                      h(
                        'a',
                        { href: href('/u/', slug!, '/b/', branch.id, '/s/', semester.id) },
                        semesterLabel(semester),
                      ),
                    ),
                  ),
                )
              : h('p', { class: 'empty' }, 'No semesters yet.'),
          ),
        )
      : h('p', { class: 'empty' }, 'No branches yet.'),
  );
}

/** The subjects taught in one semester of a branch. */
export async function semesterView({ slug, branchId, semesterId }: Params): Promise<Node> {
  const university = await universityTree(slug!);
  const branch = university.branches.find((b) => b.id === branchId);
  const semester = branch?.semesters.find((s) => s.id === semesterId);
  if (!branch || !semester) {
    return h('p', { class: 'empty' }, 'This branch or semester is not part of the university.');
  }
  const { subjectOfferings } = await api.request(SemesterOfferingsDocument, {
    universityId: university.id,
    branchId: branch.id,
    semesterId: semester.id,
    limit: 100,
  });
  return h(
    'section',
    null,
    breadcrumbs(
      ['Universities', '#/'],
      [university.shortName, href('/u/', slug!)],
      [branch.code ?? branch.name, href('/u/', slug!)],
      [`Semester ${semester.number}`],
    ),
    h('h1', null, `${branch.name}: semester ${semester.number}`),
    subjectOfferings.items.length
      ? h(
          'ul',
          { class: 'cards' },
          subjectOfferings.items.map((offering) =>
            h(
              'li',
              null,
              h(
                'a',
                { href: href('/o/', offering.id), class: 'card' },
                h('span', { class: 'card-title' }, offering.subject.name),
                h(
                  'span',
                  { class: 'card-meta' },
                  [offering.subject.code, offering.regulation].filter(Boolean).join(' · '),
                ),
              ),
            ),
          ),
        )
      : h('p', { class: 'empty' }, 'No subjects in this semester yet.'),
  );
}
