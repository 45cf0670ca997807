// The paper's side of its attached file: the `file` and `fileSha256` fields, read and written
// for paper-file/ (which keeps the bytes in GridFS), so that no other module touches PaperModel.
import type { Types } from 'mongoose';
import { PaperModel } from './model.js';

/** The attached file as the paper records it. */
export interface StoredPaperFile {
  fileId: Types.ObjectId;
  size: number;
  sha256: string;
  uploadedAt: Date;
}

/** A paper as far as its file is concerned. */
export interface PaperFileHolder {
  _id: Types.ObjectId;
  slug: string;
  file?: StoredPaperFile | null;
  fileSha256?: string | null;
}

const HOLDER = { slug: 1, file: 1, fileSha256: 1 } as const;

/** A paper's slug and file record, or null when the paper does not exist. */
export function readPaperFileHolder(paperId: unknown): Promise<PaperFileHolder | null> {
  return PaperModel.findById(paperId, HOLDER).lean<PaperFileHolder>().exec();
}

/** The papers whose file has this SHA-256 (at most one, but a race may leave two for a moment). */
export function findPaperFileHolders(sha256: string): Promise<PaperFileHolder[]> {
  return PaperModel.find({ fileSha256: sha256 }, HOLDER).lean<PaperFileHolder[]>().exec();
}

/** Records `file` (or none) on a paper; resolves with the paper as it was, or null when missing. */
export function setPaperFile(
  paperId: unknown,
  file: StoredPaperFile | null,
): Promise<PaperFileHolder | null> {
  return PaperModel.findOneAndUpdate(
    { _id: paperId },
    { $set: { file, fileSha256: file?.sha256 ?? null } },
    { returnDocument: 'before' },
  )
    .lean<PaperFileHolder>()
    .exec();
}

/** Gives a paper back its `previous` file record, unless another file than `fileId` replaced it since. */
export async function restorePaperFile(
  paperId: unknown,
  fileId: Types.ObjectId,
  previous: PaperFileHolder,
): Promise<void> {
  await PaperModel.updateOne(
    { _id: paperId, 'file.fileId': fileId },
    { $set: { file: previous.file ?? null, fileSha256: previous.fileSha256 ?? null } },
  );
}

/** The ids (hex) of every file a paper has attached. */
export async function attachedFileIds(): Promise<Set<string | undefined>> {
  const papers = await PaperModel.find({ fileSha256: { $ne: null } }, { file: 1 }).lean();
  return new Set(papers.map((p) => p.file?.fileId?.toHexString()));
}

/**
 * Takes back out a paper made from its PDF whose later steps failed (the caller answers the
 * error): the delete's hooks take its words from the search term counts.
 */
export async function deletePaperMadeFromFile(paperId: unknown): Promise<void> {
  await PaperModel.deleteOne({ _id: paperId });
}
