// The benchmark catalog, built in memory: deterministic from a seed (ids, dates, names and text all
// come from one seeded PRNG, so two runs with the same seed and scale hold the same documents).
//
// Invariants kept (the services' own rules): slugs unique kebab-case; every reference exists;
// branch of the university, semester of the branch; one syllabus per offering, each with modules
// and topics; a question's module and topic belong to its paper's offering (and the topic to the
// module); options for mcq questions only; status history ends at the paper's status; solutions
// only on questions of approved papers; nobody votes on their own solution, at most once per
// solution.
import { buildContent } from './catalog-content.mjs';
import { createRandom } from './lib.mjs';
import {
  BRANCHES,
  CONCEPTS,
  EDITIONS,
  KINDS,
  PLACES,
  SUBJECT_STEMS,
  TOPIC_WORDS,
} from './vocabulary.mjs';

/** Two words no other generated text uses, planted in `catalogSize().searchPlanted` questions. */
export const SEARCH_RARE_QUERY = 'penrose tiling';
/** Two words of the generated vocabulary: their hits grow with the catalog. */
export const SEARCH_COMMON_QUERY = 'hashing complexity';

const BASE_TIME = Date.UTC(2025, 0, 1);
const DAY = 24 * 60 * 60 * 1000;

/** How many documents of each kind for a scale (1 = the minimum catalog). */
export function catalogSize(scale = 1) {
  const n = (value, min) => Math.max(min, Math.round(value * scale));
  return {
    universities: n(50, 5),
    subjects: n(60, 6),
    offerings: n(200, 10),
    papersPerOffering: 10,
    questionsPerPaper: 10,
    solutions: n(5_000, 100),
    authors: n(40, 4),
    voters: n(200, 20),
    loadUsers: 64,
    voteSolutions: 200,
    preVotingLoadUsers: 16,
    searchPlanted: 40,
  };
}

function slugify(text) {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/g, '');
}

function uniqueSlug(used, base) {
  let slug = base;
  for (let n = 2; used.has(slug); n += 1) slug = `${base}-${n}`;
  used.add(slug);
  return slug;
}

/**
 * Builds every document in memory (plain objects with deterministic `_id`s), then inserts them.
 * Returns the counts and a few handles the load scenarios use.
 */
export function buildCatalog({ seed = 42, scale = 1, Types, userIdFor }) {
  const rnd = createRandom(seed);
  const size = catalogSize(scale);
  // ObjectIds from the document's creation second plus 8 seeded bytes: deterministic and roughly
  // in creation order, like real ones.
  const oid = (at) =>
    new Types.ObjectId(
      Math.floor(at / 1000)
        .toString(16)
        .padStart(8, '0') + rnd.hex(8),
    );
  const stamp = (at) => ({ createdAt: new Date(at), updatedAt: new Date(at) });
  let clock = BASE_TIME - 400 * DAY;
  const tick = (ms = 1000) => {
    clock += ms;
    return clock;
  };

  const docs = {
    users: [],
    universities: [],
    branches: [],
    semesters: [],
    subjects: [],
    offerings: [],
    syllabi: [],
    modules: [],
    topics: [],
    papers: [],
    questions: [],
    solutions: [],
    votes: [],
  };

  // Users: an admin and an editor (paper history), authors of solutions, voters, and the load
  // users whose tokens the vote scenario uses (never authors, so every vote is allowed).
  const user = (externalId, role, name) => {
    const at = tick();
    const doc = {
      // As the service creates users on first sight: the id derived from the externalId.
      _id: userIdFor(externalId),
      externalId,
      role,
      isActive: true,
      name,
      email: `${externalId}@bench.example`,
      ...stamp(at),
    };
    docs.users.push(doc);
    return doc;
  };
  const admin = user('bench_admin', 'admin', 'Bench Admin');
  const editor = user('bench_editor', 'editor', 'Bench Editor');
  const authors = Array.from({ length: size.authors }, (_, i) =>
    user(`bench_author_${i}`, 'normal', `Author ${i}`),
  );
  const loadUsers = Array.from({ length: size.loadUsers }, (_, i) =>
    user(`bench_load_${i}`, 'normal', `Load ${i}`),
  );
  const voters = Array.from({ length: size.voters }, (_, i) =>
    user(`bench_voter_${i}`, 'normal', `Voter ${i}`),
  );

  // Universities, branches (2-3 each), semesters 1-8 of each branch.
  const universitySlugs = new Set();
  const branchesByUniversity = new Map();
  const semestersByBranch = new Map();
  for (let i = 0; i < size.universities; i += 1) {
    const place = PLACES[i % PLACES.length];
    const kind = KINDS[Math.floor(i / PLACES.length + i) % KINDS.length];
    const name =
      i < PLACES.length
        ? `${place} ${kind}`
        : `${place} ${kind} ${Math.floor(i / PLACES.length) + 1}`;
    const shortName = name
      .split(/\s+/)
      .map((w) => (/^\d+$/.test(w) ? w : w[0].toUpperCase()))
      .join('');
    const at = tick();
    const university = {
      _id: oid(at),
      name,
      shortName,
      slug: uniqueSlug(universitySlugs, slugify(name)),
      isActive: true,
      deletedAt: null,
      ...stamp(at),
    };
    docs.universities.push(university);
    const branches = rnd.sample(BRANCHES, rnd.int(2, 3)).map(([branchName, code]) => {
      const bAt = tick();
      const branch = {
        _id: oid(bAt),
        universityId: university._id,
        name: branchName,
        code,
        ...stamp(bAt),
      };
      docs.branches.push(branch);
      const semesters = Array.from({ length: 8 }, (_, k) => {
        const sAt = tick();
        const semester = {
          _id: oid(sAt),
          branchId: branch._id,
          universityId: university._id,
          number: k + 1,
          name: `Semester ${k + 1}`,
          ...stamp(sAt),
        };
        docs.semesters.push(semester);
        return semester;
      });
      semestersByBranch.set(String(branch._id), semesters);
      return branch;
    });
    branchesByUniversity.set(String(university._id), branches);
  }

  // Subjects.
  const subjectSlugs = new Set();
  for (let i = 0; i < size.subjects; i += 1) {
    const stem = SUBJECT_STEMS[i % SUBJECT_STEMS.length];
    const round = Math.floor(i / SUBJECT_STEMS.length);
    const name = round === 0 ? stem : `${stem} ${EDITIONS[round % EDITIONS.length] || round + 1}`;
    const at = tick();
    docs.subjects.push({
      _id: oid(at),
      name,
      code: `${stem.replace(/[^A-Z]/g, '') || 'SUB'}${100 + i}`,
      slug: uniqueSlug(subjectSlugs, slugify(name)),
      description: `${name}: ${rnd.sample(CONCEPTS, 3).join(', ')}.`,
      ...stamp(at),
    });
  }

  // Offerings: unique (university, branch, semester, subject, regulation); each with a syllabus of
  // 3-8 modules of 2-6 topics (sizes vary so the tree-size independence of GraphQL shows).
  const offeringKeys = new Set();
  const offeringTree = new Map();
  while (docs.offerings.length < size.offerings) {
    const university = docs.universities[docs.offerings.length % docs.universities.length];
    const branch = rnd.pick(branchesByUniversity.get(String(university._id)));
    const semester = rnd.pick(semestersByBranch.get(String(branch._id)));
    const subject = rnd.pick(docs.subjects);
    const regulation = rnd.pick(['R2019', 'R2021', 'R2023']);
    const key = `${university._id}|${branch._id}|${semester._id}|${subject._id}|${regulation}`;
    if (offeringKeys.has(key)) continue;
    offeringKeys.add(key);
    const at = tick();
    const offering = {
      _id: oid(at),
      universityId: university._id,
      branchId: branch._id,
      semesterId: semester._id,
      subjectId: subject._id,
      regulation,
      ...stamp(at),
    };
    docs.offerings.push(offering);
    const syAt = tick();
    const syllabus = {
      _id: oid(syAt),
      subjectOfferingId: offering._id,
      universityId: university._id,
      ...stamp(syAt),
    };
    docs.syllabi.push(syllabus);
    const modules = Array.from({ length: rnd.int(3, 8) }, (_, m) => {
      const mAt = tick();
      const module = {
        _id: oid(mAt),
        syllabusId: syllabus._id,
        subjectOfferingId: offering._id,
        universityId: university._id,
        title: `Unit ${m + 1}: ${rnd.pick(TOPIC_WORDS)} of ${rnd.pick(CONCEPTS)}`,
        order: m + 1,
        ...stamp(mAt),
      };
      docs.modules.push(module);
      const topics = Array.from({ length: rnd.int(2, 6) }, (_, t) => {
        const tAt = tick();
        const topic = {
          _id: oid(tAt),
          moduleId: module._id,
          syllabusId: syllabus._id,
          subjectOfferingId: offering._id,
          universityId: university._id,
          title: `${rnd.pick(TOPIC_WORDS)}: ${rnd.pick(CONCEPTS)}`,
          order: t + 1,
          ...stamp(tAt),
        };
        docs.topics.push(topic);
        return topic;
      });
      return { module, topics };
    });
    offeringTree.set(String(offering._id), { offering, subject, university, modules });
  }

  buildContent({
    rnd,
    size,
    docs,
    offeringTree,
    oid,
    stamp,
    tick,
    slugify,
    uniqueSlug,
    admin,
    editor,
    authors,
    voters,
    loadUsers,
  });

  return { docs, offeringTree, loadUsers, size };
}
