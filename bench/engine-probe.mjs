// Which filter shapes the database answers quickly: the same documents read several ways, on
// the benchmark catalog, 4 concurrent callers for 3 s each. FerretDB's SQLite backend answers
// only the exact `{_id: value}` shape from an index; its PostgreSQL backend pushes equalities on
// top-level fields down (answered by the GIN indexes @qpc/ferretdb adds); `$in` scans on both.
//
//   node bench/engine-probe.mjs         (embedded FerretDB in a temp dir, or MONGODB_URI)
//   BENCH_ENGINE=sqlite BENCH_SCALE=5 node bench/engine-probe.mjs
import { openBenchDatabase } from './database.mjs';
import { generateCatalog } from './generate.mjs';

const db = await openBenchDatabase({ engine: process.env.BENCH_ENGINE ?? 'postgresql' });
try {
  const { catalog } = await generateCatalog({
    seed: 42,
    scale: Number(process.env.BENCH_SCALE ?? 1),
    domain: db.domain,
    progress: false,
  });
  await db.finishLoad();
  const { PaperModel, QuestionModel } = db.domain;
  const papers = catalog.docs.papers.slice(0, 200).map((p) => p._id);
  const questions = catalog.docs.questions.slice(0, 200).map((q) => q._id);
  const modules = catalog.docs.modules.slice(0, 200).map((m) => m._id);
  const offerings = catalog.docs.offerings.slice(0, 200).map((o) => o._id);
  const probes = [
    [
      `PaperModel.findById(id, {status: 1})            (${catalog.docs.papers.length} papers)`,
      (i) => PaperModel.findById(papers[i % 200], { status: 1 }).lean(),
    ],
    ['PaperModel.exists({_id: id})', (i) => PaperModel.exists({ _id: papers[i % 200] })],
    [
      'PaperModel.exists({_id: id, status: "approved"})',
      (i) => PaperModel.exists({ _id: papers[i % 200], status: 'approved' }),
    ],
    [
      `QuestionModel.findById(id)                      (${catalog.docs.questions.length} questions)`,
      (i) => QuestionModel.findById(questions[i % 200]).lean(),
    ],
    [
      'QuestionModel.find({_id: {$in: [id]}})',
      (i) => QuestionModel.find({ _id: { $in: [questions[i % 200]] } }).lean(),
    ],
    [
      'QuestionModel.find({moduleId, paperStatus: "approved"})',
      (i) =>
        QuestionModel.find({
          moduleId: modules[i % modules.length],
          paperStatus: 'approved',
        }).lean(),
    ],
    [
      'PaperModel.find({status: "approved", subjectOfferingId})',
      (i) =>
        PaperModel.find({ status: 'approved', subjectOfferingId: offerings[i % offerings.length] })
          .sort({ examYear: -1, createdAt: -1, _id: 1 })
          .limit(20)
          .lean(),
    ],
  ];
  console.log(`engine: ${db.engine}`);
  for (const [label, fn] of probes) {
    let n = 0;
    const end = Date.now() + 3_000;
    await Promise.all(
      Array.from({ length: 4 }, async (_, w) => {
        while (Date.now() < end) {
          await fn(n + w);
          n += 1;
        }
      }),
    );
    console.log(`${label.padEnd(80)} ${(n / 3).toFixed(1).padStart(7)} reads/s`);
  }
} finally {
  await db.close();
}
