// Paper-file test helpers: an app with a small PAPER_FILE_MAX_BYTES, binary requests, and a look
// at what the bucket stores for a paper.
import { createHash, randomUUID } from 'node:crypto';
import {
  makeCallers,
  makeOffering,
  makePaper,
  mongoose,
  PaperModel,
  samplePdf,
} from '@qpc/domain/testing';
import type { TestUser } from '@qpc/domain/testing';
import { client } from './api.js';
import type { Call } from './api.js';
import { startApp } from './harness.js';
import type { RunningApp } from './harness.js';

/** PAPER_FILE_MAX_BYTES of the app these tests start. */
export const LIMIT = 64 * 1024;

export const sha256 = (bytes: Uint8Array): string =>
  createHash('sha256').update(bytes).digest('hex');

/** A valid PDF no other test uploads, padded with `extraBytes` spaces. */
export const uniquePdf = (extraBytes = 0): Buffer =>
  Buffer.concat([samplePdf(`Paper ${randomUUID()}`), Buffer.alloc(extraBytes, 0x20)]);

export interface Raw {
  status: number;
  headers: Headers;
  bytes: Buffer;
  json: any;
}

export interface SendOptions {
  token?: string;
  /** The body: bytes, or pieces sent as a chunked stream without a length. */
  body?: Uint8Array | Uint8Array[];
  headers?: Record<string, string>;
}

export interface FileTestContext {
  app: RunningApp;
  call: Call;
  admin: TestUser;
  editor: TestUser;
  normal: TestUser;
  /** The offering of every paper `newPaper` makes. */
  offeringId: string;
  /** Any request with a binary body, answered as bytes (and JSON when it is JSON). */
  send: (method: string, path: string, options?: SendOptions) => Promise<Raw>;
  /** PUT of a PDF, by the editor unless another token is given. */
  upload: (paperId: string, bytes: Uint8Array, token?: string) => Promise<Raw>;
  /** A paper of the context's offering, approved unless asked otherwise. */
  newPaper: (status?: 'approved' | 'pending') => Promise<{ id: string; slug: string }>;
  /** What the bucket holds for a paper: its file id, files, chunks and pending records. */
  stored: (paperId: string) => Promise<{
    fileId: mongoose.Types.ObjectId | undefined;
    files: number;
    chunks: number;
    pending: number;
  }>;
}

/** Starts the app and makes the callers and an offering; close `app` when done. */
export async function startFileTests(): Promise<FileTestContext> {
  const app = await startApp({ PAPER_FILE_MAX_BYTES: String(LIMIT) });
  const call = client(app.url);
  const { admin, editor, normal } = await makeCallers();
  const { offering } = await makeOffering(admin.actor);

  async function send(method: string, path: string, options: SendOptions = {}): Promise<Raw> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body && !headers['content-type']) headers['content-type'] = 'application/pdf';
    if (headers['if-none-match']) headers['cache-control'] = 'max-age=0';
    const pieces = Array.isArray(options.body) ? options.body : undefined;
    const init: RequestInit & { duplex?: 'half' } = { method, headers };
    if (pieces) {
      init.body = new ReadableStream({
        start(controller) {
          for (const piece of pieces) controller.enqueue(piece);
          controller.close();
        },
      });
      init.duplex = 'half';
    } else if (options.body) {
      init.body = options.body as Uint8Array<ArrayBuffer>;
    }
    const res = await fetch(`${app.url}/api/v1${path}`, init);
    const bytes = Buffer.from(await res.arrayBuffer());
    const isJson = (res.headers.get('content-type') ?? '').includes('json');
    return {
      status: res.status,
      headers: res.headers,
      bytes,
      json: isJson ? JSON.parse(bytes.toString()) : null,
    };
  }

  async function stored(paperId: string) {
    const db = mongoose.connection.db!;
    const paper = await PaperModel.findById(paperId, { file: 1 }).lean();
    const fileId = paper?.file?.fileId ?? undefined;
    const paperKey = new mongoose.Types.ObjectId(paperId);
    return {
      fileId,
      files: await db
        .collection('paperFiles.files')
        .countDocuments({ 'metadata.paperId': paperKey }),
      chunks: fileId
        ? await db.collection('paperFiles.chunks').countDocuments({ files_id: fileId })
        : 0,
      pending: await db.collection('paperFiles.pending').countDocuments({ paperId: paperKey }),
    };
  }

  return {
    app,
    call,
    admin,
    editor,
    normal,
    offeringId: offering.id,
    send,
    upload: (paperId, bytes, token = editor.token) =>
      send('PUT', `/papers/${paperId}/file`, { token, body: bytes }),
    newPaper: (status = 'approved') => makePaper(admin.actor, offering.id, { status }),
    stored,
  };
}

/** Nothing stored for a paper. */
export const NOTHING = { fileId: undefined, files: 0, chunks: 0, pending: 0 };
