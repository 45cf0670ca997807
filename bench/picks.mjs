// The documents the scenarios ask for, chosen from the generated catalog so that what a request
// reads does not grow with the scale (an offering's papers, a module's questions): scale 1
// against scale 5 then shows what the engine does with a larger collection, not a larger answer.
const hex = (id) => String(id);
const byCountThenId = (a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1);

/** Occurrences of each key, as [key, count] entries. */
function countBy(list, keyOf) {
  const counts = new Map();
  for (const k of list.map(keyOf).filter((key) => key !== null && key !== undefined))
    counts.set(hex(k), (counts.get(hex(k)) ?? 0) + 1);
  return [...counts.entries()];
}

/** Picks of one catalog (see generate.mjs). */
export function pickTargets({ docs, offeringTree, size }) {
  const approved = docs.papers.filter((p) => p.status === 'approved');
  const trees = [...offeringTree.values()]
    .map(({ offering, modules }) => ({
      id: hex(offering._id),
      modules: modules.length,
      topics: modules.reduce((n, m) => n + m.topics.length, 0),
    }))
    .sort((a, b) => a.modules + a.topics - (b.modules + b.topics) || (a.id < b.id ? -1 : 1));
  const treeSize = new Map(trees.map((t) => [t.id, t.modules + t.topics]));
  const visible = docs.questions.filter((q) => q.paperStatus === 'approved');
  const step = Math.max(1, Math.floor(visible.length / 100));
  // A module whose visible questions fill a page and a bit (closest to 25).
  const [[moduleId]] = countBy(visible, (q) => q.moduleId).sort(
    (a, b) => Math.abs(a[1] - 25) - Math.abs(b[1] - 25) || (a[0] < b[0] ? -1 : 1),
  );
  // The largest offering: most visible questions, then the largest syllabus.
  const [[coverageOfferingId]] = countBy(visible, (q) => q.subjectOfferingId).sort(
    (a, b) => b[1] - a[1] || treeSize.get(b[0]) - treeSize.get(a[0]) || (a[0] < b[0] ? -1 : 1),
  );
  const insertPaper = approved.at(-1);
  const insertTree = offeringTree.get(hex(insertPaper.subjectOfferingId));
  return {
    papersOfferingId: countBy(approved, (p) => p.subjectOfferingId).sort(byCountThenId)[0][0],
    syllabusOfferingId: trees[Math.floor(trees.length / 2)].id,
    smallTree: trees[0],
    largeTree: trees.at(-1),
    moduleId,
    coverageOfferingId,
    questionIds: visible
      .filter((_, i) => i % step === 0)
      .slice(0, 100)
      .map((q) => hex(q._id)),
    voteSolutionIds: docs.solutions.slice(0, size.voteSolutions).map((s) => hex(s._id)),
    votingUsers: size.preVotingLoadUsers,
    // The insert scenario's paper and module.
    insert: { paperId: hex(insertPaper._id), moduleId: hex(insertTree.modules[0].module._id) },
    // The university the deactivation hides: the most questions, the largest rewrite.
    largestUniversityId: countBy(docs.questions, (q) => q.universityId).sort(byCountThenId)[0][0],
  };
}
