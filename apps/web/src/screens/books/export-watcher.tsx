import { useEffect, useState } from 'preact/hooks';
import { ApiError, isApiError, sendRequest } from '../../api/http';
import { ErrorMessage } from '../../components/status';

/** An export job as the activity routes answer it. */
export interface ExportJob {
  id: string;
  bookId: string;
  status: 'queued' | 'running' | 'done' | 'error';
  progress: number;
  /** PDF pages drawn so far; null until the build has drawn its first page. */
  pagesDone: number | null;
  /** PDF pages the book will have (title page and answer keys included); null until known. */
  pagesTotal: number | null;
  error: string | null;
  watermarked: boolean;
}

const POLL_MS = 500;

/**
 * What the export is doing, in words: "Waiting for the export worker", "Preparing the pages",
 * "Building page N of M" (N the page being drawn), "Saving the PDF".
 *
 * @example
 * describeExport({ status: 'running', pagesDone: 4, pagesTotal: 12 }); // 'Building page 5 of 12'
 */
export function describeExport(job: Pick<ExportJob, 'status' | 'pagesDone' | 'pagesTotal'> | undefined) {
  if (!job || job.status === 'queued') return 'Waiting for the export worker';
  if (job.pagesTotal === null || job.pagesDone === null) return 'Preparing the pages';
  if (job.pagesDone >= job.pagesTotal) return 'Saving the PDF';
  return `Building page ${job.pagesDone + 1} of ${job.pagesTotal}`;
}

/** The job's progress as a bar: pages drawn of the total, empty until the total is known. */
function ExportProgress({ job, bookId }: { job: ExportJob | undefined; bookId: string }) {
  const total = job?.pagesTotal ?? null;
  const done = Math.min(job?.pagesDone ?? 0, total ?? 0);
  const text = describeExport(job);
  const labelId = `export-label-${bookId}`;
  return (
    <>
      <p id={labelId} class="export-label">
        {text}…{' '}
        <span class="hint">
          The PDF is built on the server; this page checks on it. Its pages include the title page and the
          answer keys.
        </span>
      </p>
      <div
        class="progress-bar"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={total ?? 1}
        aria-valuenow={done}
        aria-valuetext={total === null ? text : `${done} of ${total} pages built`}
      >
        <div class="progress-fill" style={{ width: `${total ? (100 * done) / total : 0}%` }} />
      </div>
    </>
  );
}

/**
 * Watches a book's latest export through `GET /api/activity/books/{id}/file`: 202 while the job
 * is queued or running (with its progress), 200 once the PDF is ready (the body is not read: the
 * download link fetches it), 409 when it failed.
 */
export function ExportWatcher({ bookId, title }: { bookId: string; title: string }) {
  const [job, setJob] = useState<ExportJob>();
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const response = await sendRequest(`/api/activity/books/${encodeURIComponent(bookId)}/file`);
        if (response.status === 202) {
          const body = (await response.json()) as { job: ExportJob };
          if (!live) return;
          setJob(body.job);
          timer = setTimeout(poll, POLL_MS);
          return;
        }
        await response.body?.cancel();
        if (live) setReady(true);
      } catch (caught) {
        if (!live) return;
        if (isApiError(caught) && caught.code === 'ACT_EXPORT_FAILED') {
          const failed = (caught.details?.job ?? undefined) as ExportJob | undefined;
          setError(new ApiError(409, { code: caught.code, message: failed?.error ?? caught.message }));
        } else setError(caught);
      }
    };
    void poll();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [bookId]);
  const href = `/api/activity/books/${encodeURIComponent(bookId)}/file`;
  return (
    <div class="export-watcher">
      {ready ? (
        <p>
          <a class="button" href={href} download>
            Download the PDF of “{title}”
          </a>
        </p>
      ) : error ? null : (
        <ExportProgress job={job} bookId={bookId} />
      )}
      <ErrorMessage error={error} />
    </div>
  );
}
