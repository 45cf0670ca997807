// Loads the sample catalog (data.ts) into an empty database through the services, as a system
// actor (the seed's admin), so the sample data keeps every rule real data keeps: references,
// slugs, visibility copies, status history, vote rules.
import type { Actor } from '../access.js';
import { isDatabaseEmpty } from '../storage/prepare.js';
import { ConflictError } from '../errors.js';
import { createBranch } from '../branch/service.js';
import { createPaper, setPaperStatus } from '../paper/service.js';
import { createQuestion } from '../question/service.js';
import { createSemester } from '../semester/service.js';
import { createSolution, voteSolution } from '../solution/service.js';
import { createSubjectOffering } from '../subject-offering/service.js';
import { createSubject } from '../subject/service.js';
import { createModule, createTopic, initSyllabus } from '../syllabus/service.js';
import { createUniversity } from '../university/service.js';
import { setUserRole, upsertUserFromClaims } from '../user/service.js';
import { slugify } from '../writing/slug.js';
import { attachSamplePaperFiles } from '../paper-file/sample-pdf.js';
import {
  OFFERINGS,
  PAPERS,
  QUESTIONS,
  SOLUTION_TEXTS,
  SUBJECTS,
  UNIVERSITIES,
  USERS,
} from './data.js';

/** Creates the seed's users through the services and returns them as actors, by key. */
async function loadUsers(): Promise<Map<string, Actor>> {
  const actors = new Map<string, Actor>();
  const admins = USERS.filter((u) => u.role === 'admin').map((u) => u.key);
  for (const u of USERS) {
    const { actor } = await upsertUserFromClaims({
      externalId: u.key,
      name: u.name,
      email: `${u.key.replace('seed_', '')}@example.com`,
      adminExternalIds: admins,
    });
    if (u.role === 'editor') await setUserRole({ externalId: u.key, role: 'editor' });
    actors.set(u.key, { ...actor, role: u.role });
  }
  return actors;
}

/** Universities, branches, semesters, subjects, offerings and their syllabi; ids by seed key. */
async function loadStructure(system: Actor) {
  const ids = new Map<string, string>();
  const universitiesByBranch = new Map<string, string>();
  let counts = { universities: 0, branches: 0, semesters: 0, subjects: 0 };
  for (const u of UNIVERSITIES) {
    const university = await createUniversity({
      actor: system,
      input: { name: u.name, shortName: u.shortName, slug: slugify(u.shortName) },
    });
    counts.universities += 1;
    for (const b of u.branches) {
      const branch = await createBranch({
        actor: system,
        input: { universityId: university.id, name: b.name, code: b.code },
      });
      counts.branches += 1;
      ids.set(b.key, branch.id);
      universitiesByBranch.set(b.key, university.id);
      for (const number of b.semesters) {
        const semester = await createSemester({
          actor: system,
          input: { branchId: branch.id, number, name: `Semester ${number}` },
        });
        counts.semesters += 1;
        ids.set(`${b.key}:${number}`, semester.id);
      }
    }
  }
  for (const s of SUBJECTS) {
    const subject = await createSubject({
      actor: system,
      input: { name: s.name, code: s.code, slug: slugify(s.name), description: s.description },
    });
    counts.subjects += 1;
    ids.set(`subject:${s.key}`, subject.id);
  }
  counts = { ...counts };
  return { ids, universitiesByBranch, counts };
}

/**
 * Loads the sample catalog into an empty database and returns how many documents of each kind
 * it created. Refuses (409) when the database holds anything.
 */
export async function seedSampleCatalog(): Promise<{ created: Record<string, number> }> {
  if (!(await isDatabaseEmpty())) {
    throw new ConflictError(
      'The database is not empty: the sample catalog is only loaded into an empty database',
    );
  }
  const users = await loadUsers();
  const system = users.get('seed_admin')!;
  const editor = users.get('seed_editor')!;
  const { ids, universitiesByBranch, counts } = await loadStructure(system);

  // Offerings with their syllabus: each offering gets its subject's tree.
  const modules = new Map<string, string>();
  let offeringCount = 0;
  let moduleCount = 0;
  let topicCount = 0;
  for (const o of OFFERINGS) {
    const offering = await createSubjectOffering({
      actor: system,
      input: {
        universityId: universitiesByBranch.get(o.branch)!,
        branchId: ids.get(o.branch)!,
        semesterId: ids.get(`${o.branch}:${o.semester}`)!,
        subjectId: ids.get(`subject:${o.subject}`)!,
        ...(o.regulation ? { regulation: o.regulation } : {}),
      },
    });
    offeringCount += 1;
    ids.set(o.key, offering.id);
    await initSyllabus({ actor: system, input: { subjectOfferingId: offering.id } });
    const subject = SUBJECTS.find((s) => s.key === o.subject)!;
    for (const [m, mod] of subject.modules.entries()) {
      const module = await createModule({
        actor: system,
        input: { subjectOfferingId: offering.id, title: mod.title, order: m + 1 },
      });
      moduleCount += 1;
      modules.set(`${o.key}:${m}`, module.id);
      for (const [t, title] of mod.topics.entries()) {
        const topic = await createTopic({
          actor: system,
          input: { moduleId: module.id, title, order: t + 1 },
        });
        topicCount += 1;
        modules.set(`${o.key}:${m}:${t}`, topic.id);
      }
    }
  }

  // Papers are created as drafts, given questions, then submitted and reviewed: each status
  // change is recorded and copied onto the questions (visibility.ts).
  const usedPaperSlugs = new Set<string>();
  const papers: {
    id: string;
    status: string;
    title: string;
    examYear: number;
    examType: string;
    questionIds: string[];
    questions: { text: string; marks: number; options?: string[] }[];
  }[] = [];
  const usedQuestionSlugs = new Set<string>();
  for (const [i, p] of PAPERS.entries()) {
    const offering = OFFERINGS.find((o) => o.key === p.offering)!;
    const subject = SUBJECTS.find((s) => s.key === offering.subject)!;
    const university = p.offering.startsWith('nit') ? 'NFIT' : 'RSU';
    const title = `${subject.name} ${p.examType} ${p.examYear}`;
    let slug = slugify(`${university} ${title}`);
    for (let n = 2; usedPaperSlugs.has(slug); n += 1)
      slug = `${slugify(`${university} ${title}`)}-${n}`;
    usedPaperSlugs.add(slug);
    const paper = await createPaper({
      actor: i % 2 === 0 ? editor : system,
      input: {
        subjectOfferingId: ids.get(p.offering)!,
        examYear: p.examYear,
        examType: p.examType,
        title,
        slug,
        status: 'draft',
      },
    });
    // Each paper takes its subject's questions, rotated so papers of one subject differ.
    const pool = QUESTIONS[offering.subject]!;
    const take = Math.min(pool.length, p.examType === 'quiz' ? 2 : 4);
    const specs = Array.from({ length: take }, (_, k) => {
      const q = pool[(k + i) % pool.length]!;
      const base = slugify(q.text.split(/\s+/).slice(0, 8).join(' '));
      let questionSlug = base;
      for (let n = 2; usedQuestionSlugs.has(questionSlug); n += 1) questionSlug = `${base}-${n}`;
      usedQuestionSlugs.add(questionSlug);
      const moduleKey = q.module === undefined ? null : `${p.offering}:${q.module}`;
      const topicKey = moduleKey && q.topic !== undefined ? `${moduleKey}:${q.topic}` : null;
      return { q, questionSlug, moduleKey, topicKey };
    });
    // One after the other, in the order the paper's PDF prints them: their creation order (and
    // so every list's order) is the same on every load.
    const questionIds: string[] = [];
    for (const { q, questionSlug, moduleKey, topicKey } of specs) {
      const question = await createQuestion({
        actor: i % 2 === 0 ? editor : system,
        input: {
          paperId: paper.id,
          text: q.text,
          type: q.type,
          difficulty: q.difficulty,
          marks: q.marks,
          ...(q.type === 'mcq' ? { options: q.options } : {}),
          ...(q.answer ? { answer: q.answer } : {}),
          ...(moduleKey ? { moduleId: modules.get(moduleKey)! } : {}),
          ...(topicKey ? { topicId: modules.get(topicKey)! } : {}),
          slug: questionSlug,
          isVerified: q.isVerified ?? false,
        },
      });
      questionIds.push(question.id);
    }
    // Submitted, then reviewed: every step recorded in the paper's statusHistory.
    const steps: { status: 'pending' | 'approved' | 'rejected'; reason?: string }[] = [];
    if (p.status !== 'draft') steps.push({ status: 'pending', reason: 'Submitted for review' });
    if (p.status === 'approved') steps.push({ status: 'approved' });
    if (p.status === 'rejected') {
      steps.push({ status: 'rejected', reason: 'Scan is illegible; please upload a clearer copy' });
    }
    for (const step of steps) await setPaperStatus({ actor: system, id: paper.id, input: step });
    papers.push({
      id: paper.id,
      status: p.status,
      title,
      examYear: p.examYear,
      examType: p.examType,
      questionIds,
      questions: specs.map(({ q }) => ({
        text: q.text,
        marks: q.marks,
        ...(q.type === 'mcq' && q.options ? { options: q.options } : {}),
      })),
    });
  }

  // Generated PDFs on a few papers: the first three approved ones and the first pending one.
  const withFiles = [
    ...papers.filter((p) => p.status === 'approved').slice(0, 3),
    ...papers.filter((p) => p.status === 'pending').slice(0, 1),
  ];
  const paperFiles = await attachSamplePaperFiles(
    system,
    withFiles.map((p) => ({
      id: p.id,
      title: p.title,
      examYear: p.examYear,
      examType: p.examType,
      questions: p.questions,
    })),
  );

  // Solutions on questions of approved papers by the normal users and the editor, then votes
  // from every user but the author, in a pattern that gives a spread of scores.
  const authors = ['seed_alice', 'seed_bob', 'seed_carol', 'seed_editor'].map((k) => users.get(k)!);
  const voters = USERS.map((u) => users.get(u.key)!);
  const questions = papers.flatMap((p) => p.questionIds.map((id) => ({ id, status: p.status })));
  let solutionCount = 0;
  let voteCount = 0;
  for (const [i, question] of questions.entries()) {
    if (question.status !== 'approved') continue;
    for (let k = 0; k < (i % 3) + 1; k += 1) {
      const author = authors[(i + k) % authors.length]!;
      const solution = await createSolution({
        actor: author,
        input: { questionId: question.id, content: SOLUTION_TEXTS[k % SOLUTION_TEXTS.length]! },
      });
      solutionCount += 1;
      // One solution's votes are independent of each other: cast together.
      const votes = voters
        .filter((u) => u.id !== author.id)
        .map((voter, v) => ({ voter, pattern: (solutionCount + v) % 4 }))
        .filter(({ pattern }) => pattern !== 3);
      await Promise.all(
        votes.map(({ voter, pattern }) =>
          voteSolution({ actor: voter, id: solution.id, input: { value: pattern === 2 ? -1 : 1 } }),
        ),
      );
      voteCount += votes.length;
    }
  }

  return {
    created: {
      users: users.size,
      ...counts,
      subjectOfferings: offeringCount,
      syllabi: offeringCount,
      modules: moduleCount,
      topics: topicCount,
      papers: papers.length,
      paperFiles,
      questions: questions.length,
      solutions: solutionCount,
      votes: voteCount,
    },
  };
}
