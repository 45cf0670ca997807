// The labelled set read the way the service reads any paper: each PDF (text, or the scan) is
// uploaded to a paper of its subject's offering, whose syllabus is the subject's, and the
// drafts it gets are scored against the labels. Needs a connected, prepared database.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { paperDraftsSettled } from '../../drafts/compute.js';
import { getPaperDrafts } from '../../drafts/service.js';
import { uploadPaperFile } from '../../paper-file/service.js';
import { createModule, createTopic, initSyllabus } from '../../syllabus/service.js';
import { makeActors } from '../callers.js';
import { makeOffering, makePaper } from '../service-fixtures.js';
import type { ComposedPaper } from './compose.js';
import { placePaper } from './place.js';
import { scanPdf } from './scan.js';
import { emptyTally, metricsOf, scorePaper } from './score.js';
import type { SetMetrics, Tally } from './score.js';
import { SET_SUBJECTS, setPaperPdf } from './set.js';

export type SetKind = 'text' | 'scan';

/** What a run over the set gives, per kind of PDF. */
export interface KindReport {
  kind: SetKind;
  /** False when OCR read no page of any scan: the figures then mean nothing. */
  isMeasured: boolean;
  /** Pages read by OCR. */
  ocrPages: number;
  tally: Tally;
  metrics: SetMetrics;
  seconds: number;
}

/** Options of a run. */
export interface EvaluateOptions {
  papers: readonly ComposedPaper[];
  kinds: readonly SetKind[];
  /** Where scans are kept between runs (made once: drawing them takes a while). */
  scanDir?: string;
  /** Told after each paper. */
  onPaper?: (kind: SetKind, name: string, done: number, of: number) => void;
}

/** The scan of a paper, from `scanDir` when made before. */
async function scanOf(paper: ComposedPaper, scanDir: string | undefined): Promise<Buffer> {
  const file = scanDir ? join(scanDir, `${paper.expected.name}-${paper.expected.seed}.pdf`) : null;
  if (file && existsSync(file)) return readFileSync(file);
  const pdf = await scanPdf(placePaper(paper), {
    dpi: 200,
    maxDegrees: 1.5,
    seed: paper.expected.seed,
  });
  if (file && scanDir) {
    mkdirSync(scanDir, { recursive: true });
    writeFileSync(file, pdf);
  }
  return pdf;
}

/** Reads every paper of `options.papers` as each kind and scores the drafts. */
export async function evaluateLabelledSet(options: EvaluateOptions): Promise<KindReport[]> {
  const { admin, editor } = await makeActors();
  // One offering a subject, with the subject's syllabus; topics known back by title.
  const offerings = new Map<string, string>();
  const topicTitles = new Map<string, string>();
  for (const subject of SET_SUBJECTS) {
    const { offering } = await makeOffering(admin);
    await initSyllabus({ actor: admin, input: { subjectOfferingId: offering.id } });
    for (const mod of subject.modules) {
      const made = await createModule({
        actor: admin,
        input: { subjectOfferingId: offering.id, title: mod.title },
      });
      for (const title of mod.topics) {
        const topic = await createTopic({ actor: admin, input: { moduleId: made.id, title } });
        topicTitles.set(topic.id, title);
      }
    }
    offerings.set(subject.name, offering.id);
  }
  const reports: KindReport[] = [];
  for (const kind of options.kinds) {
    const started = Date.now();
    const tally = emptyTally();
    let ocrPages = 0;
    for (const [i, paper] of options.papers.entries()) {
      const pdf = kind === 'text' ? setPaperPdf(paper) : await scanOf(paper, options.scanDir);
      const made = await makePaper(editor, offerings.get(paper.expected.subject)!, {
        status: 'draft',
      });
      await uploadPaperFile({
        actor: editor,
        id: made.id,
        body: Readable.from([pdf]),
        maxBytes: pdf.length,
      });
      await paperDraftsSettled(made.id);
      const read = await getPaperDrafts({ actor: editor, id: made.id });
      ocrPages += read.ocrPages.length;
      scorePaper(tally, paper.expected, {
        drafts: read.drafts.map((d) => ({
          ...d,
          topic: d.suggestedTopicId ? (topicTitles.get(d.suggestedTopicId) ?? '?') : null,
        })),
        suggested: read.suggested,
        warnings: read.warnings,
      });
      options.onPaper?.(kind, paper.expected.name, i + 1, options.papers.length);
    }
    reports.push({
      kind,
      isMeasured: kind === 'text' || ocrPages > 0,
      ocrPages,
      tally,
      metrics: metricsOf(tally),
      seconds: Math.round((Date.now() - started) / 100) / 10,
    });
  }
  return reports;
}
