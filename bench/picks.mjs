// The documents the scenarios ask for, chosen from the generated catalog so that what a request
// reads does not grow with the scale (an offering's papers, a module's questions, a university's
// papers): then scale 1 against scale 5 shows what the engine does with a larger collection,
// not a larger answer.

const hex = (id) => String(id);
const byCountThenId = (a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1);

function countBy(list, keyOf) {
  const counts = new Map();
  for (const item of list) {
    const k = keyOf(item);
    if (k === null || k === undefined) continue;
    counts.set(hex(k), (counts.get(hex(k)) ?? 0) + 1);
  }
  return counts;
}

/** Picks of one catalog (see generate.mjs). */
export function pickTargets(catalog) {
  const { docs, offeringTree, size } = catalog;
  const approved = docs.papers.filter((p) => p.status === 'approved');
  const approvedByOffering = countBy(approved, (p) => p.subjectOfferingId);
  const [papersOfferingId, papersApproved] = [...approvedByOffering.entries()].sort(
    byCountThenId,
  )[0];
  const offering = docs.offerings.find((o) => hex(o._id) === papersOfferingId);

  const trees = [...offeringTree.values()]
    .map(({ offering: o, modules }) => ({
      id: hex(o._id),
      modules: modules.length,
      topics: modules.reduce((n, m) => n + m.topics.length, 0),
    }))
    .sort((a, b) => a.modules + a.topics - (b.modules + b.topics) || (a.id < b.id ? -1 : 1));

  const visibleQuestions = docs.questions.filter((q) => q.paperStatus === 'approved');
  const step = Math.max(1, Math.floor(visibleQuestions.length / 100));

  // A module whose visible questions fill a page and a bit (closest to 25).
  const perModule = [...countBy(visibleQuestions, (q) => q.moduleId).entries()].sort(
    (a, b) => Math.abs(a[1] - 25) - Math.abs(b[1] - 25) || (a[0] < b[0] ? -1 : 1),
  );

  // The largest offering: most visible questions, then the largest syllabus.
  const treeSize = new Map(trees.map((t) => [t.id, t.modules + t.topics]));
  const perOffering = [...countBy(visibleQuestions, (q) => q.subjectOfferingId).entries()].sort(
    (a, b) => b[1] - a[1] || treeSize.get(b[0]) - treeSize.get(a[0]) || (a[0] < b[0] ? -1 : 1),
  );

  const filePapers = approved
    .filter((p) => hex(p.subjectOfferingId) !== papersOfferingId)
    .slice(0, 6)
    .map((p) => hex(p._id));

  return {
    papersOfferingId,
    papersApproved,
    universityId: hex(offering.universityId),
    universityPapers: approved.filter((p) => hex(p.universityId) === hex(offering.universityId))
      .length,
    universitySearch: 'tech',
    questionType: 'long',
    syllabusOfferingId: trees[Math.floor(trees.length / 2)].id,
    syllabusTree: trees[Math.floor(trees.length / 2)],
    smallTree: trees[0],
    largeTree: trees[trees.length - 1],
    moduleId: perModule[0][0],
    moduleQuestions: perModule[0][1],
    coverageOfferingId: perOffering[0][0],
    coverageQuestions: perOffering[0][1],
    questionIds: visibleQuestions
      .filter((_, i) => i % step === 0)
      .slice(0, 100)
      .map((q) => hex(q._id)),
    voteSolutionIds: docs.solutions.slice(0, size.voteSolutions).map((s) => hex(s._id)),
    votingUsers: size.preVotingLoadUsers,
    filePaperIds: filePapers,
  };
}
