// Which filter shapes the database answers from an index: the same document read five ways, on
// the benchmark catalog, 4 concurrent callers for 3 s each. On the embedded FerretDB only the
// exact `{_id: value}` shape is indexed; everything else scans the collection.
//
//   node bench/engine-probe.mjs         (embedded FerretDB in a temp dir, or MONGODB_URI)
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
