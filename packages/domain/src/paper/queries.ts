// What other modules read and write of papers, each a query named for its use, so that the paper
// model stays this module's own (import-graph.test.ts keeps it so).
import type { Types } from 'mongoose';
import { PaperModel } from './model.js';

type Fields = Readonly<Record<string, 1>>;

/** A paper's subject id as a string, as band keys name it ('' when the paper is missing). */
export async function subjectIdOfPaper(paperId: unknown): Promise<string> {
  const paper = await PaperModel.findById(paperId, { subjectId: 1 }).lean();
  return paper ? String(paper.subjectId) : '';
}

/** Every paper's subject id by paper id, read by the driver (for backfills). */
export async function subjectIdsOfAllPapers(): Promise<Map<string, string>> {
  const papers = await PaperModel.collection.find({}, { projection: { subjectId: 1 } }).toArray();
  return new Map(papers.map((p) => [String(p._id), String(p.subjectId)]));
}

/** The papers of `ids` with `fields`, each read by its id (null for a missing one). */
export function papersById<T>(ids: readonly string[], fields: Fields): Promise<(T | null)[]> {
  return Promise.all(ids.map((id) => PaperModel.findById(id, fields).lean<T>()));
}

/** A paper with its file only: null when the paper is missing. */
export function fileOfPaper(paperId: Types.ObjectId | string) {
  return PaperModel.findById(paperId, { file: 1 }).lean();
}

/** What reading a paper's drafts needs of it: its offering, subject and file. */
export function draftSourceOfPaper<T>(paperId: Types.ObjectId): Promise<T | null> {
  return PaperModel.findById(paperId, {
    subjectOfferingId: 1,
    subjectId: 1,
    file: 1,
  }).lean<T>();
}

/** The sitting fields of the papers matching `filter` (an offering's, restricted to what the caller sees). */
export function paperSittingsMatching<T>(filter: Record<string, unknown>): Promise<T[]> {
  return PaperModel.find(filter, {
    examYear: 1,
    examType: 1,
    status: 1,
    visible: 1,
    universityId: 1,
  }).lean<T[]>();
}

/** Sets the `visible` copy of the papers matching `filter`: no edit of theirs (updatedAt stays). */
export function setPapersVisible(filter: Record<string, unknown>, visible: boolean) {
  return PaperModel.updateMany(filter, { $set: { visible } }, { timestamps: false });
}
