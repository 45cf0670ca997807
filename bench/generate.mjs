// Loads the benchmark catalog into a fresh database: documents checked against the domain's
// mongoose models, then inserted with the driver's insertMany in batches. Deterministic from a seed: ids, dates, names and text all
// come from one seeded PRNG, so two runs with the same seed and scale hold the same documents.
//
//   node bench/generate.mjs                      # embedded FerretDB in a temp dir, then stops it
//   MONGODB_URI=mongodb://127.0.0.1:27017/qpc_bench node bench/generate.mjs   # that database, dropped first
//   BENCH_ENGINE=sqlite node bench/generate.mjs  # the embedded FerretDB on SQLite (default postgresql)
//   BENCH_SCALE=0.1 BENCH_SEED=7 ...             # smaller catalog, other seed
//
// Invariants kept (the services' own rules): slugs unique kebab-case; every reference exists;
// branch of the university, semester of the branch; one syllabus per offering, each with modules
// and topics; a question's module and topic belong to its paper's offering (and the topic to the
// module); options for mcq questions only; status history ends at the paper's status; solutions
// only on questions of approved papers; nobody votes on their own solution, at most once per
// solution.
import { createProgress, createRandom } from './lib.mjs';

/** Two words no other generated text uses, planted in `catalogSize().searchPlanted` questions. */
export const SEARCH_RARE_QUERY = 'penrose tiling';
/** Two words of the generated vocabulary: their hits grow with the catalog. */
export const SEARCH_COMMON_QUERY = 'hashing complexity';
const SEARCH_PHRASE_SENTENCE = 'Relate it to Penrose tiling.';

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

const PLACES = [
  'Northfield',
  'Riverside',
  'Lakeview',
  'Eastbrook',
  'Westmoor',
  'Highland',
  'Greenvale',
  'Stonebridge',
  'Clearwater',
  'Ashford',
  'Maplewood',
  'Silverton',
  'Redcliff',
  'Oakridge',
  'Fairhaven',
  'Brookfield',
  'Kingsport',
  'Sunnydale',
  'Pinecrest',
  'Harborview',
  'Elmstead',
  'Cedar Falls',
  'Rosewood',
  'Ironwood',
  'Bayside',
  'Foxhill',
  'Marlow',
  'Thornbury',
  'Willowbank',
  'Crestwood',
];
const KINDS = [
  'University',
  'Institute of Technology',
  'State University',
  'Technical University',
  'College of Engineering',
];
const BRANCHES = [
  ['Computer Science and Engineering', 'CSE'],
  ['Electronics and Communication Engineering', 'ECE'],
  ['Electrical Engineering', 'EE'],
  ['Mechanical Engineering', 'ME'],
  ['Civil Engineering', 'CE'],
  ['Information Technology', 'IT'],
  ['Chemical Engineering', 'CHE'],
];
const SUBJECT_STEMS = [
  'Data Structures',
  'Algorithms',
  'Discrete Mathematics',
  'Operating Systems',
  'Database Systems',
  'Computer Networks',
  'Digital Logic',
  'Signals and Systems',
  'Thermodynamics',
  'Fluid Mechanics',
  'Engineering Mathematics',
  'Control Systems',
  'Compiler Design',
  'Machine Learning',
  'Probability and Statistics',
  'Strength of Materials',
  'Electromagnetic Theory',
  'Computer Architecture',
  'Software Engineering',
  'Theory of Computation',
];
const EDITIONS = ['', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII'];
const CONCEPTS = [
  'complexity',
  'invariants',
  'recurrences',
  'boundary conditions',
  'stability',
  'convergence',
  'trade-offs',
  'worst case',
  'amortised cost',
  'correctness',
  'normal forms',
  'scheduling',
  'consistency',
  'throughput',
  'equilibrium',
  'transfer functions',
  'state machines',
  'graphs',
  'hashing',
  'caching',
  'concurrency',
  'sampling',
  'error bounds',
  'optimisation',
  'estimation',
  'feedback',
  'layering',
  'encoding',
];
const VERBS = [
  'Explain',
  'Derive',
  'Prove',
  'Compare',
  'Describe',
  'Compute',
  'Design',
  'Analyse',
  'Illustrate',
  'Evaluate',
];
const FILLER = [
  'with a suitable example',
  'and state the assumptions made',
  'for the general case',
  'using a diagram',
  'and discuss its limitations',
  'in terms of time and space',
  'for the data given below',
  'step by step',
];
const TOPIC_WORDS = [
  'Introduction',
  'Basics',
  'Representations',
  'Operations',
  'Analysis',
  'Applications',
  'Properties',
  'Methods',
  'Models',
  'Case Studies',
  'Techniques',
  'Theory',
  'Design',
  'Implementation',
];
const EXAM_TYPES = ['end-term', 'mid-term', 'supplementary', 'quiz'];
const QUESTION_TYPES = ['mcq', 'short', 'long', 'numerical', 'coding'];
const DIFFICULTIES = ['easy', 'medium', 'hard'];

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

  // Papers (10 per offering, ~85% approved) and their questions (10 per paper).
  const paperSlugs = new Set();
  const questionSlugs = new Set();
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
      const history = [];
      if (status !== 'draft')
        history.push({
          from: 'draft',
          to: 'pending',
          by: editor._id,
          at: new Date(at),
          reason: 'Submitted for review',
        });
      if (status === 'approved')
        history.push({
          from: 'pending',
          to: 'approved',
          by: admin._id,
          at: new Date(at + DAY),
          reason: null,
        });
      if (status === 'rejected')
        history.push({
          from: 'pending',
          to: 'rejected',
          by: admin._id,
          at: new Date(at + DAY),
          reason: 'Scan is illegible',
        });
      const paper = {
        _id: oid(at),
        subjectOfferingId: offering._id,
        universityId: offering.universityId,
        branchId: offering.branchId,
        semesterId: offering.semesterId,
        subjectId: offering.subjectId,
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
        const question = {
          _id: oid(qAt),
          paperId: paper._id,
          subjectOfferingId: offering._id,
          universityId: offering.universityId,
          paperStatus: status,
          moduleId: module._id,
          topicId: topic?._id ?? null,
          text,
          type,
          difficulty: rnd.pick(DIFFICULTIES),
          marks: rnd.pick([1, 2, 5, 10, 15]),
          ...(options ? { options } : {}),
          answer: options
            ? options[0]
            : rnd.chance(0.5)
              ? `Consider ${concept} first; then ${rnd.pick(FILLER)}.`
              : null,
          slug: uniqueSlug(
            questionSlugs,
            slugify(
              `${text.split(/\s+/).slice(0, 6).join(' ')} ${paper.slug.slice(0, 40)} ${q + 1}`,
            ),
          ),
          isVerified: rnd.chance(0.6),
          createdBy: editor._id,
          ...stamp(qAt),
        };
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

  // Solutions on questions of approved papers, each with 1-4 votes from distinct non-authors.
  const solvedQuestions = rnd.sample(
    approvedQuestions,
    Math.min(size.solutions, approvedQuestions.length),
  );
  const solutionCount = size.solutions;
  for (let i = 0; i < solutionCount; i += 1) {
    const question = solvedQuestions[i % solvedQuestions.length];
    const author = rnd.pick(authors);
    const at = tick(30_000);
    const solution = {
      _id: oid(at),
      questionId: question._id,
      paperId: question.paperId,
      subjectOfferingId: question.subjectOfferingId,
      universityId: question.universityId,
      paperStatus: question.paperStatus,
      authorId: author._id,
      content: `${rnd.pick(VERBS)} ${rnd.pick(CONCEPTS)} first. ${Array.from({ length: rnd.int(3, 8) }, () => `Then ${rnd.pick(VERBS).toLowerCase()} the ${rnd.pick(CONCEPTS)} ${rnd.pick(FILLER)}.`).join(' ')}`,
      ...stamp(at),
    };
    docs.solutions.push(solution);
    for (const voter of rnd.sample(voters, rnd.int(1, 4))) {
      const vAt = tick(1000);
      docs.votes.push({
        _id: oid(vAt),
        solutionId: solution._id,
        questionId: solution.questionId,
        subjectOfferingId: solution.subjectOfferingId,
        userId: voter._id,
        value: rnd.chance(0.75) ? 1 : -1,
        ...stamp(vAt),
      });
    }
  }

  // The vote scenario's users have already voted on its solutions (the first 200), so every vote
  // it sends changes an existing vote: the same work whichever target runs first.
  for (const solution of docs.solutions.slice(0, size.voteSolutions)) {
    for (const voter of loadUsers.slice(0, size.preVotingLoadUsers)) {
      const vAt = tick(1000);
      docs.votes.push({
        _id: oid(vAt),
        solutionId: solution._id,
        questionId: solution.questionId,
        subjectOfferingId: solution.subjectOfferingId,
        userId: voter._id,
        value: rnd.chance(0.5) ? 1 : -1,
        ...stamp(vAt),
      });
    }
  }

  return { docs, offeringTree, loadUsers, size };
}

const ORDER = [
  ['users', 'UserModel'],
  ['universities', 'UniversityModel'],
  ['branches', 'BranchModel'],
  ['semesters', 'SemesterModel'],
  ['subjects', 'SubjectModel'],
  ['offerings', 'SubjectOfferingModel'],
  ['syllabi', 'SyllabusModel'],
  ['modules', 'ModuleModel'],
  ['topics', 'TopicModel'],
  ['papers', 'PaperModel'],
  ['questions', 'QuestionModel'],
  ['solutions', 'SolutionModel'],
  ['votes', 'VoteModel'],
];

/**
 * The documents as the app stores them: every path the model gives a default (`file: null`,
 * `isVerified: false`, ...) present, the generated values kept. (The raw insert below does not
 * apply mongoose defaults.)
 */
function withDefaults(Model, list) {
  const { _id, createdAt: _created, updatedAt: _updated, ...defaults } = new Model({}).toObject();
  return list.map((doc) => ({ ...defaults, ...doc }));
}

/**
 * Checks documents against their mongoose model (casting, required fields, enums, and strict
 * paths: an unknown field throws), so the fast raw insert below cannot store a shape the app
 * would not write: every document of the small collections, and an even sample of the large ones.
 */
async function validateSample(Model, list, sampleSize = 2_000) {
  const step = Math.max(1, Math.floor(list.length / sampleSize));
  for (let i = 0; i < list.length; i += step) {
    try {
      await new Model(list[i]).validate();
    } catch (error) {
      throw new Error(`generated ${Model.modelName} ${list[i]._id} is invalid: ${error.message}`);
    }
  }
}

/**
 * Generates and inserts the catalog into the database mongoose is connected to, which must be
 * empty (a fresh database). Documents are validated (a sample of the large collections), then
 * inserted with the driver's insertMany in batches, a few batches in flight. Returns counts,
 * timing and the handles the scenarios need.
 */
export async function generateCatalog({
  seed = 42,
  scale = 1,
  batchSize = 1000,
  inFlight = 3,
  domain,
  progress = true,
}) {
  const started = performance.now();
  for (const [, modelName] of ORDER) {
    if (await domain[modelName].exists({}))
      throw new Error(`the database is not empty (${modelName}); the benchmark needs a fresh one`);
  }
  const catalog = buildCatalog({
    seed,
    scale,
    Types: domain.mongoose.Types,
    userIdFor: domain.userIdFor,
  });
  for (const [key, modelName] of ORDER) {
    catalog.docs[key] = withDefaults(domain[modelName], catalog.docs[key]);
    await validateSample(domain[modelName], catalog.docs[key]);
  }
  const total = ORDER.reduce((sum, [key]) => sum + catalog.docs[key].length, 0);
  const bar = progress ? createProgress(total) : null;
  for (const [key, modelName] of ORDER) {
    const list = catalog.docs[key];
    const collection = domain[modelName].collection;
    bar?.label(key);
    let next = 0;
    const worker = async () => {
      while (next < list.length) {
        const batch = list.slice(next, next + batchSize);
        next += batchSize;
        await collection.insertMany(batch, { ordered: false });
        bar?.tick(batch.length);
      }
    };
    await Promise.all(Array.from({ length: inFlight }, worker));
  }
  bar?.finish();
  const counts = Object.fromEntries(ORDER.map(([key]) => [key, catalog.docs[key].length]));
  return { counts, seconds: (performance.now() - started) / 1000, catalog };
}

// Run directly: generate into MONGODB_URI (dropped first) or a throwaway embedded FerretDB.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { openBenchDatabase } = await import('./database.mjs');
  const seed = Number(process.env.BENCH_SEED ?? 42);
  const scale = Number(process.env.BENCH_SCALE ?? 1);
  const db = await openBenchDatabase({ engine: process.env.BENCH_ENGINE ?? 'postgresql' });
  try {
    const { counts, seconds } = await generateCatalog({ seed, scale, domain: db.domain });
    await db.finishLoad();
    console.log(`generated in ${seconds.toFixed(1)} s on ${db.engine}: ${JSON.stringify(counts)}`);
  } finally {
    await db.close();
  }
}
