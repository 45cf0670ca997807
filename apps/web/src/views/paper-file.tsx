// A paper's PDF, from the page's own origin (the web server forwards it to the REST API): the
// download carries the caller's token, so an editor gets a draft's PDF and a student an approved one.
import { useState } from 'react';
import { ErrorBox } from '../components/error-box.js';
import { currentToken } from '../graphql.js';
import { paths } from '../paths.js';
import { fileError } from './upload.js';

/** "1.2 MB", "340 kB". */
export function fileSize(bytes: number): string {
  return bytes >= 1_000_000
    ? `${(bytes / 1_000_000).toFixed(1)} MB`
    : `${Math.ceil(bytes / 1000)} kB`;
}

async function download(paperId: string, slug: string): Promise<void> {
  const token = await currentToken();
  const response = await fetch(paths.paperFile(paperId), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw await fileError(response);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${slug}.pdf`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function PaperFile(props: {
  paper: { id: string; slug: string; status: string; file: { size: number } | null };
}) {
  const { paper } = props;
  const [isBusy, setIsBusy] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  if (!paper.file) return <p className="note">No PDF of this paper yet.</p>;
  return (
    <div className="paper-file">
      <button
        type="button"
        disabled={isBusy}
        onClick={() => {
          setIsBusy(true);
          setProblem(null);
          download(paper.id, paper.slug)
            .catch(setProblem)
            .finally(() => setIsBusy(false));
        }}
      >
        Download the PDF ({fileSize(paper.file.size)})
      </button>
      {paper.status === 'APPROVED' ? (
        <a href={paths.paperFileInline(paper.id)} target="_blank" rel="noopener">
          Open the PDF in a new tab
        </a>
      ) : null}
      {problem ? <ErrorBox error={problem} /> : null}
    </div>
  );
}
