// The generated catalog, built in memory and deterministic from a seed (one seeded PRNG): bench/
// measures speed on it and eval/ judges search on it. It keeps the services' rules: unique slugs;
// every reference exists and agrees with its parents; one syllabus per offering; a question's
// module and topic in its paper's offering; options for mcq only; solutions only under approved
// papers; nobody votes on their own solution, or twice.
import { buildContent, DAY } from './catalog-content.mjs';
import { createRandom, importBuilt } from '../bench/lib.mjs';
import * as vocabulary from './vocabulary.mjs';

const { BRANCHES, CONCEPTS, EDITIONS, KINDS, PLACES, SUBJECT_STEMS, TOPIC_WORDS } = vocabulary;
// The slugs the services would make (the built domain's rule).
const { slugify } = await importBuilt('packages/domain/dist/writing/slug.js');

/** Two words no other generated text uses, planted in `catalogSize().searchPlanted` questions. */
export const SEARCH_RARE_QUERY = 'penrose tiling';
/** Two words of the generated vocabulary: their hits grow with the catalog. */
export const SEARCH_COMMON_QUERY = 'hashing complexity';
/** What a student types before a suggestion, by what its last word starts: a subject's name
 * (no question uses it), a topic's word (topics and their questions), a frequent word, and a
 * second word after a whole first one. */
export const SUGGEST_QUERIES = {
  subject: 'thermo',
  topic: 'repres',
  word: 'hash',
  'two-words': 'hashing compl',
};

const BASE_TIME = Date.UTC(2025, 0, 1);
const KEYS = 'users universities branches semesters subjects offerings syllabi modules topics';

/** How many documents of each kind for a scale (1 = 20,000 questions). */
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

function uniqueSlug(used, base) {
  let [slug, n] = [base, used.get(base) ?? 1]; // used: slug -> last suffix tried after it
  while (used.has(slug)) slug = `${base}-${(n += 1)}`;
  used.set(base, n).set(slug, 1);
  return slug;
}

/** Builds every document in memory (plain objects with deterministic `_id`s). */
export function buildCatalog({ seed = 42, scale = 1, Types, userIdFor }) {
  const rnd = createRandom(seed);
  const size = catalogSize(scale);
  // ObjectIds: the creation second (8 hex digits since 1978) and 8 seeded bytes, in creation order.
  const oid = (at) => new Types.ObjectId(Math.floor(at / 1000).toString(16) + rnd.hex(8));
  const stamp = (at) => ({ createdAt: new Date(at), updatedAt: new Date(at) });
  let clock = BASE_TIME - 400 * DAY;
  const tick = (ms = 1000) => (clock += ms);
  const docs = Object.fromEntries(
    [...KEYS.split(' '), 'papers', 'questions', 'solutions', 'votes'].map((k) => [k, []]),
  );
  /** A document of `kind` created now: its id, `fields`, its timestamps. */
  const add = (kind, fields) => {
    const at = tick();
    const doc = { _id: oid(at), ...fields, ...stamp(at) };
    docs[kind].push(doc);
    return doc;
  };

  // Users: an admin and an editor (paper history), authors of solutions, the load users whose
  // tokens the vote scenario uses (never authors, so every vote is allowed), voters.
  const user = (externalId, role, name) => {
    const at = tick();
    const email = `${externalId}@bench.example`;
    const doc = { _id: userIdFor(externalId), externalId, role, isActive: true, name, email };
    docs.users.push({ ...doc, ...stamp(at) });
    return doc;
  };
  const admin = user('bench_admin', 'admin', 'Bench Admin');
  const editor = user('bench_editor', 'editor', 'Bench Editor');
  const people = (prefix, label, n) =>
    Array.from({ length: n }, (_, i) => user(`bench_${prefix}_${i}`, 'normal', `${label} ${i}`));
  const authors = people('author', 'Author', size.authors);
  const loadUsers = people('load', 'Load', size.loadUsers);
  const voters = people('voter', 'Voter', size.voters);

  // Universities, branches (2-3 each), semesters 1-8 of each branch.
  const universitySlugs = new Map();
  const branchesOf = new Map();
  const semestersOf = new Map();
  for (let i = 0; i < size.universities; i += 1) {
    const place = PLACES[i % PLACES.length];
    const kind = KINDS[Math.floor(i / PLACES.length + i) % KINDS.length];
    const suffix = i < PLACES.length ? '' : ` ${Math.floor(i / PLACES.length) + 1}`;
    const name = `${place} ${kind}${suffix}`;
    const shortName = name
      .split(/\s+/)
      .map((w) => (/^\d+$/.test(w) ? w : w[0].toUpperCase()))
      .join('');
    const slug = uniqueSlug(universitySlugs, slugify(name));
    const active = { isActive: true, deletedAt: null };
    const university = add('universities', { name, shortName, slug, ...active });
    const universityId = university._id;
    const branches = rnd.sample(BRANCHES, rnd.int(2, 3)).map(([branchName, code]) => {
      const branch = add('branches', { universityId, name: branchName, code });
      const semester = (k) => ({ number: k + 1, name: `Semester ${k + 1}` });
      const parents = { branchId: branch._id, universityId };
      const semesters = Array.from({ length: 8 }, (_, k) =>
        add('semesters', { ...parents, ...semester(k) }),
      );
      semestersOf.set(String(branch._id), semesters);
      return branch;
    });
    branchesOf.set(String(universityId), branches);
  }

  const subjectSlugs = new Map();
  for (let i = 0; i < size.subjects; i += 1) {
    const stem = SUBJECT_STEMS[i % SUBJECT_STEMS.length];
    const round = Math.floor(i / SUBJECT_STEMS.length);
    const name = round === 0 ? stem : `${stem} ${EDITIONS[round % EDITIONS.length] || round + 1}`;
    const code = `${stem.replace(/[^A-Z]/g, '') || 'SUB'}${100 + i}`;
    const description = `${name}: ${rnd.sample(CONCEPTS, 3).join(', ')}.`;
    add('subjects', { name, code, slug: uniqueSlug(subjectSlugs, slugify(name)), description });
  }

  // Offerings: unique (university, branch, semester, subject, regulation); each with a syllabus of
  // 3-8 modules of 2-6 topics (sizes vary so the tree-size independence of GraphQL shows).
  const offeringKeys = new Set();
  const offeringTree = new Map();
  while (docs.offerings.length < size.offerings) {
    const university = docs.universities[docs.offerings.length % docs.universities.length];
    const branch = rnd.pick(branchesOf.get(String(university._id)));
    const semester = rnd.pick(semestersOf.get(String(branch._id)));
    const subject = rnd.pick(docs.subjects);
    const regulation = rnd.pick(['R2019', 'R2021', 'R2023']);
    const key = `${university._id}|${branch._id}|${semester._id}|${subject._id}|${regulation}`;
    if (offeringKeys.has(key)) continue;
    offeringKeys.add(key);
    const universityId = university._id;
    const parents = { universityId, branchId: branch._id, semesterId: semester._id };
    const offering = add('offerings', { ...parents, subjectId: subject._id, regulation });
    const subjectOfferingId = offering._id;
    const syllabus = add('syllabi', { subjectOfferingId, universityId });
    const ids = { syllabusId: syllabus._id, subjectOfferingId, universityId };
    const modules = Array.from({ length: rnd.int(3, 8) }, (_, m) => {
      const title = `Unit ${m + 1}: ${rnd.pick(TOPIC_WORDS)} of ${rnd.pick(CONCEPTS)}`;
      const module = add('modules', { ...ids, title, order: m + 1 });
      const topics = Array.from({ length: rnd.int(2, 6) }, (_, t) => {
        const topicTitle = `${rnd.pick(TOPIC_WORDS)}: ${rnd.pick(CONCEPTS)}`;
        return add('topics', { moduleId: module._id, ...ids, title: topicTitle, order: t + 1 });
      });
      return { module, topics };
    });
    offeringTree.set(String(offering._id), { offering, subject, university, modules });
  }

  const context = { rnd, size, docs, offeringTree, oid, stamp, tick, slugify, uniqueSlug };
  buildContent({ ...context, admin, editor, authors, voters, loadUsers });
  return { docs, offeringTree, loadUsers, size };
}
