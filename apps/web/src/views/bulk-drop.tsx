// Many PDFs at once onto an offering: one row per file, a few uploads at a time. Each file
// becomes its own paper (`POST /papers/from-pdf`, kept as a draft), whose drafts' reading is then
// followed until they are ready. A refused file makes nothing: its row says why, and when the
// year or type could not be read, asks for it and tries again.
import { ApiError } from '@qpc/client/graphql';
import type { ExamType } from '@qpc/client/graphql';
import { useEffect, useId, useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { Link } from 'wouter';
import { EXAM_TYPE } from '../labels.js';
import { paths } from '../paths.js';
import { createPaperFromPdf, readDraftsReading } from './upload.js';
import type { MadePaper } from './upload.js';

/** Uploads under way at once: a folder of 30 PDFs is not 30 requests in flight. */
const UPLOADS_AT_ONCE = 2;
/** How often the drafts' reading is asked about. */
const POLL_MS = 1000;

type Stage =
  | { kind: 'queued' }
  | { kind: 'uploading'; fraction: number }
  | { kind: 'reading'; paper: MadePaper; pagesRead?: number; pages?: number }
  | { kind: 'ready'; paper: MadePaper; drafts: number }
  | { kind: 'failed'; message: string; missing?: string[]; paper?: MadePaper };

interface Row {
  id: number;
  file: File;
  /** The year and type the editor gave after the first page did not say them. */
  given: { examYear?: string; examType?: ExamType };
  /** One key per attempt's request: a retry of a lost answer never makes a second paper. */
  key: string;
  stage: Stage;
}

/**
 * A fresh Idempotency-Key. `crypto.randomUUID` exists only on secure origins; random values
 * exist on every origin the page may be served from.
 */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The REST query form of an exam type (END_TERM → end-term). */
const restType = (type: ExamType) => type.toLowerCase().replace('_', '-');

function failure(error: unknown): Extract<Stage, { kind: 'failed' }> {
  if (error instanceof ApiError) {
    if (error.code === 'SITTING_NOT_FOUND') {
      const missing = (error.details ?? []).map((d) => d.path);
      const words = missing.map((m) => (m === 'examYear' ? 'exam year' : 'exam type'));
      return {
        kind: 'failed',
        message: `The first page does not say the ${words.join(' or the ')}: give it below.`,
        missing,
      };
    }
    if (error.code === 'CONFLICT')
      return { kind: 'failed', message: `Duplicate: ${error.message}.` };
    return { kind: 'failed', message: error.message };
  }
  return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
}

function StageText({ stage }: { stage: Stage }) {
  switch (stage.kind) {
    case 'queued':
      return <>Waiting to upload</>;
    case 'uploading':
      return <>{`Uploading (${Math.round(stage.fraction * 100)}%)`}</>;
    case 'reading':
      return stage.pages ? (
        <>{`Reading page ${Math.min(stage.pagesRead! + 1, stage.pages)} of ${stage.pages}`}</>
      ) : (
        <>Reading</>
      );
    case 'ready':
      return (
        <>
          {`Drafts ready (${stage.drafts}) · `}
          <Link href={paths.paperDrafts(stage.paper.slug)}>
            Review the drafts of {stage.paper.title}
          </Link>
        </>
      );
    case 'failed':
      return <>{stage.message}</>;
  }
}

/** The year and type a refused file asks for, and "Try again". */
function GiveSitting({ row, onRetry }: { row: Row; onRetry: (given: Row['given']) => void }) {
  const id = useId();
  const missing = row.stage.kind === 'failed' ? (row.stage.missing ?? []) : [];
  const [year, setYear] = useState('');
  const [type, setType] = useState<ExamType>('END_TERM');
  return (
    <form
      className="give-sitting"
      onSubmit={(event) => {
        event.preventDefault();
        onRetry({
          ...row.given,
          ...(missing.includes('examYear') ? { examYear: year } : {}),
          ...(missing.includes('examType') ? { examType: type } : {}),
        });
      }}
    >
      {missing.includes('examYear') ? (
        <label htmlFor={`${id}-year`}>
          Exam year of {row.file.name}
          <input
            id={`${id}-year`}
            type="number"
            required
            min={1900}
            max={new Date().getFullYear() + 1}
            value={year}
            onChange={(e) => setYear(e.target.value)}
          />
        </label>
      ) : null}
      {missing.includes('examType') ? (
        <label htmlFor={`${id}-type`}>
          Exam type of {row.file.name}
          <select
            id={`${id}-type`}
            value={type}
            onChange={(e) => setType(e.target.value as ExamType)}
          >
            {(Object.entries(EXAM_TYPE) as [ExamType, string][]).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <button type="submit">Try again</button>
    </form>
  );
}

export function BulkDrop({ offeringId }: { offeringId: string }) {
  const inputId = useId();
  const [rows, setRows] = useState<Row[]>([]);
  const [isOver, setIsOver] = useState(false);
  const queue = useRef<Row[]>([]);
  const active = useRef(0);
  const nextId = useRef(1);
  const isMounted = useRef(true);
  useEffect(
    () => () => {
      isMounted.current = false;
    },
    [],
  );

  const update = (id: number, stage: Stage) => {
    if (isMounted.current) setRows((all) => all.map((r) => (r.id === id ? { ...r, stage } : r)));
  };

  /** Follows a made paper's drafts until they are ready or failed. */
  const follow = async (id: number, paper: MadePaper) => {
    while (isMounted.current) {
      try {
        const reading = await readDraftsReading(paper.id);
        if (reading.status === 'ready') {
          update(id, { kind: 'ready', paper, drafts: reading.drafts.length });
          return;
        }
        if (reading.status === 'failed') {
          const message = `The paper ${paper.title} was made, but its drafts could not be read: ${reading.reason ?? 'no reason given'}.`;
          update(id, { kind: 'failed', message, paper });
          return;
        }
        const progress = reading.progress ?? undefined;
        update(id, {
          kind: 'reading',
          paper,
          ...(progress ? { pagesRead: progress.pagesRead, pages: progress.pages } : {}),
        });
      } catch {
        // A missed poll (the network, a restart): the next one asks again.
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };

  const upload = async (row: Row) => {
    const query: Record<string, string> = { subjectOfferingId: offeringId, status: 'draft' };
    if (row.given.examYear) query.examYear = row.given.examYear;
    if (row.given.examType) query.examType = restType(row.given.examType);
    update(row.id, { kind: 'uploading', fraction: 0 });
    try {
      const paper = await createPaperFromPdf(query, row.file, row.key, (fraction) =>
        update(row.id, { kind: 'uploading', fraction }),
      );
      update(row.id, { kind: 'reading', paper });
      void follow(row.id, paper);
    } catch (error) {
      update(row.id, failure(error));
    }
  };

  const pump = () => {
    while (active.current < UPLOADS_AT_ONCE && queue.current.length > 0) {
      const row = queue.current.shift()!;
      active.current += 1;
      void upload(row).finally(() => {
        active.current -= 1;
        pump();
      });
    }
  };

  const add = (files: File[]) => {
    const isPdf = (f: File) => f.type === 'application/pdf' || /\.pdf$/i.test(f.name);
    const added: Row[] = files.map((file) => ({
      id: nextId.current++,
      file,
      given: {},
      key: newKey(),
      // Anything else dropped with the PDFs is named and left alone, not sent.
      stage: isPdf(file) ? { kind: 'queued' } : { kind: 'failed', message: 'Not a PDF: left out.' },
    }));
    setRows((all) => [...all, ...added]);
    queue.current.push(...added.filter((row) => row.stage.kind === 'queued'));
    pump();
  };

  const retry = (row: Row, given: Row['given']) => {
    const again: Row = { ...row, given, key: newKey(), stage: { kind: 'queued' } };
    setRows((all) => all.map((r) => (r.id === row.id ? again : r)));
    queue.current.push(again);
    pump();
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsOver(false);
    add([...event.dataTransfer.files]);
  };

  return (
    <section className="panel bulk-drop" aria-label="Many PDFs at once">
      <h2>Many PDFs at once</h2>
      <div
        className={`drop-zone${isOver ? ' over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setIsOver(true);
        }}
        onDragLeave={() => setIsOver(false)}
        onDrop={onDrop}
      >
        <p>
          Drop PDFs here: each becomes a draft paper of this subject, its year and exam type read
          from its first page, and its questions read into drafts for you to review.
        </p>
        <label htmlFor={inputId}>Choose PDF files</label>
        <input
          id={inputId}
          type="file"
          multiple
          accept="application/pdf,.pdf"
          onChange={(e) => {
            add([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </div>
      {rows.length ? (
        <ul className="drop-rows" aria-live="polite">
          {rows.map((row) => (
            <li key={row.id} className={`drop-row ${row.stage.kind}`}>
              <span className="drop-file">{row.file.name}</span>{' '}
              <span className="drop-stage">
                <StageText stage={row.stage} />
              </span>
              {row.stage.kind === 'uploading' ? (
                <progress
                  max={1}
                  value={row.stage.fraction}
                  aria-label={`Upload of ${row.file.name}`}
                />
              ) : null}
              {row.stage.kind === 'failed' && row.stage.missing?.length ? (
                <GiveSitting row={row} onRetry={(given) => retry(row, given)} />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
