// The content of the benchmark catalog (catalog.mjs): papers and their questions, the
// search scenario's planted phrase, solutions and votes.
import * as vocabulary from './vocabulary.mjs';

const { CONCEPTS, DIFFICULTIES, EXAM_TYPES, FILLER, QUESTION_TYPES, VERBS } = vocabulary;
export const DAY = 24 * 60 * 60 * 1000;
const SEARCH_PHRASE_SENTENCE = 'Relate it to Penrose tiling.';

/** Adds papers, questions, solutions and votes to `docs` (the academic structure is there). */
export function buildContent(context) {
  const { rnd, size, docs, offeringTree, oid, stamp, tick, slugify, uniqueSlug } = context;
  const { admin, editor, authors, voters, loadUsers } = context;
  // Papers (10 per offering, ~85% approved) and their questions (10 per paper).
  const paperSlugs = new Map();
  const questionSlugs = new Map();
  const approvedQuestions = [];
  for (const offering of docs.offerings) {
    const { subject, university, modules } = offeringTree.get(String(offering._id));
    for (let p = 0; p < size.papersPerOffering; p += 1) {
      const examYear = 2025 - rnd.int(0, 12);
      const examType = rnd.pick(EXAM_TYPES);
      const roll = rnd.next();
      const status =
        roll < 0.85 ? 'approved' : roll < 0.93 ? 'pending' : roll < 0.97 ? 'draft' : 'rejected';
      const title = `${subject.name} ${examType} ${examYear}`;
      const at = tick(60_000);
      const transition = (to, by, when, reason) => {
        const from = to === 'pending' ? 'draft' : 'pending';
        return { from, to, by, at: new Date(when), reason };
      };
      const history =
        status === 'draft' ? [] : [transition('pending', editor._id, at, 'Submitted for review')];
      if (status === 'approved') history.push(transition('approved', admin._id, at + DAY, null));
      if (status === 'rejected')
        history.push(transition('rejected', admin._id, at + DAY, 'Scan is illegible'));
      const { _id: subjectOfferingId, universityId, branchId, semesterId, subjectId } = offering;
      const parents = { subjectOfferingId, universityId, branchId, semesterId, subjectId };
      const paper = {
        _id: oid(at),
        ...parents,
        examYear,
        examType,
        title,
        slug: uniqueSlug(paperSlugs, slugify(`${university.shortName} ${title}`)),
        status,
        statusHistory: history,
        createdBy: editor._id,
        ...stamp(at),
      };
      docs.papers.push(paper);
      for (let q = 0; q < size.questionsPerPaper; q += 1) {
        const { module, topics } = rnd.pick(modules);
        const topic = rnd.chance(0.8) ? rnd.pick(topics) : null;
        const type = rnd.pick(QUESTION_TYPES);
        const concept = rnd.pick(CONCEPTS);
        const text = `${rnd.pick(VERBS)} the role of ${concept} in ${(topic ?? module).title.toLowerCase()} ${rnd.pick(FILLER)}. ${rnd.pick(VERBS)} how ${rnd.pick(CONCEPTS)} affects ${rnd.pick(CONCEPTS)} (${q + 1}).`;
        const options =
          type === 'mcq' ? rnd.sample(CONCEPTS, 4).map((c) => `It improves ${c}`) : undefined;
        const qAt = tick(1000);
        const ids = { _id: oid(qAt), paperId: paper._id, subjectOfferingId, universityId };
        const place = { paperStatus: status, moduleId: module._id, topicId: topic?._id ?? null };
        const [difficulty, marks] = [rnd.pick(DIFFICULTIES), rnd.pick([1, 2, 5, 10, 15])];
        const openAnswer = () =>
          rnd.chance(0.5) ? `Consider ${concept} first; then ${rnd.pick(FILLER)}.` : null;
        const answer = options ? options[0] : openAnswer();
        const base = slugify(text.split(/\s+/, 8).join(' ').slice(0, 60)); // as the app makes it
        const slug = uniqueSlug(questionSlugs, base);
        const fields = { text, type, difficulty, marks, ...(options && { options }), answer, slug };
        const meta = { isVerified: rnd.chance(0.6), createdBy: editor._id, ...stamp(qAt) };
        const question = { ...ids, ...place, ...fields, ...meta };
        docs.questions.push(question);
        if (status === 'approved') approvedQuestions.push(question);
      }
    }
  }

  // The search scenario's rare phrase: in the same number of questions at every scale, spread
  // evenly over the catalog, so a search for it finds as many hits at scale 5 as at scale 1.
  const step = docs.questions.length / size.searchPlanted;
  for (let i = 0; i < size.searchPlanted; i += 1) {
    const question = docs.questions[Math.floor(i * step)];
    question.text = `${question.text} ${SEARCH_PHRASE_SENTENCE}`;
  }

  /** A vote of `voter` on `solution`: +1 with probability `up`, else -1. */
  const vote = (solution, voter, up) => {
    const at = tick(1000);
    const { questionId, subjectOfferingId } = solution;
    const fields = { solutionId: solution._id, questionId, subjectOfferingId, userId: voter._id };
    docs.votes.push({ _id: oid(at), ...fields, value: rnd.chance(up) ? 1 : -1, ...stamp(at) });
  };

  // Solutions on questions of approved papers, each with 1-4 votes from distinct non-authors.
  const solved = rnd.sample(approvedQuestions, Math.min(size.solutions, approvedQuestions.length));
  for (let i = 0; i < size.solutions; i += 1) {
    const question = solved[i % solved.length];
    const author = rnd.pick(authors);
    const at = tick(30_000);
    const { paperId, subjectOfferingId, universityId, paperStatus } = question;
    const solution = {
      _id: oid(at),
      ...{ questionId: question._id, paperId, subjectOfferingId, universityId, paperStatus },
      authorId: author._id,
      content: `${rnd.pick(VERBS)} ${rnd.pick(CONCEPTS)} first. ${Array.from({ length: rnd.int(3, 8) }, () => `Then ${rnd.pick(VERBS).toLowerCase()} the ${rnd.pick(CONCEPTS)} ${rnd.pick(FILLER)}.`).join(' ')}`,
      ...stamp(at),
    };
    docs.solutions.push(solution);
    for (const voter of rnd.sample(voters, rnd.int(1, 4))) vote(solution, voter, 0.75);
  }

  // The vote scenario's users have already voted on its solutions (the first 200), so every vote
  // it sends changes an existing vote: the same work whichever target runs first.
  for (const solution of docs.solutions.slice(0, size.voteSolutions)) {
    for (const voter of loadUsers.slice(0, size.preVotingLoadUsers)) vote(solution, voter, 0.5);
  }
}
