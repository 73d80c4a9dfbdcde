import { useEffect, useState } from 'preact/hooks';
import { ApiError, isApiError, sendRequest } from '../../api/http';
import { ErrorMessage } from '../../components/status';

/** An export job as the activity routes answer it. */
export interface ExportJob {
  id: string;
  bookId: string;
  status: 'queued' | 'running' | 'done' | 'error';
  progress: number;
  error: string | null;
  watermarked: boolean;
}

const POLL_MS = 700;

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
        <>
          <label for={`progress-${bookId}`}>
            Export {job?.status ?? 'queued'}{' '}
            <span class="hint">The PDF is built on the server; this page checks on it.</span>
          </label>
          <progress id={`progress-${bookId}`} max={100} value={job?.progress ?? 0} />
        </>
      )}
      <ErrorMessage error={error} />
    </div>
  );
}
