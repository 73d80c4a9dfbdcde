import { generatePage, isActivityError } from '@svc/activity-core';
import { describe, expect, it } from 'vitest';
import { ServerError } from '../errors/server-error.js';
import { buildBookInThread, type ThreadBookArgs } from './book-build-thread.js';

function mazes(count: number, size = 20): string[] {
  return Array.from({ length: count }, (_, i) => {
    const page = generatePage({ kind: 'maze', seed: `thread-${i}`, input: { width: size, height: size } });
    // As a saved page's body: extra fields are ignored.
    return JSON.stringify({ kind: 'maze', doc: page.doc, seed: page.seed, summary: page.summary });
  });
}

const book = (pageTexts: string[]): ThreadBookArgs => ({
  title: 'Thread book',
  trim: '6x9',
  pageTexts,
  options: { includeKeys: true, bleed: true, watermark: 'Preview' },
});

async function failureOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('building a book on a worker thread', () => {
  it('answers the whole PDF and reports every page drawn', async () => {
    const progress: [number, number][] = [];
    const bytes = await buildBookInThread(book(mazes(12)), {
      signal: new AbortController().signal,
      onProgress: (done, total) => progress.push([done, total]),
    });
    const text = Buffer.from(bytes).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    // A title page, 12 puzzles and their keys: progress came back for every page, in order.
    const total = progress.at(-1)?.[1] ?? 0;
    expect(total).toBeGreaterThan(13);
    expect(progress).toEqual(Array.from({ length: total }, (_, i) => [i + 1, total]));
  });

  it("brings the core's refusal back as an ActivityError naming the page", async () => {
    const pages = [...mazes(2), JSON.stringify({ kind: 'maze', doc: { width: 3 } })];
    const error = await failureOf(() =>
      buildBookInThread(book(pages), { signal: new AbortController().signal, onProgress() {} }),
    );
    expect(isActivityError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'ACT_INVALID_PAGE', message: expect.stringContaining('/pages/2') });
  });

  it('fails a book that needs more than the heap limit with ACT_EXPORT_FAILED, and the server lives on', async () => {
    const error = await failureOf(() =>
      buildBookInThread(book(mazes(40, 80)), {
        signal: new AbortController().signal,
        onProgress() {},
        heapMb: 4,
      }),
    );
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ code: 'ACT_EXPORT_FAILED' });
  });

  it('stops the thread when the job is aborted, rejecting with the reason', async () => {
    const controller = new AbortController();
    const reason = new Error('worker stopping');
    const error = await failureOf(() =>
      buildBookInThread(book(mazes(30, 60)), {
        signal: controller.signal,
        onProgress: (done) => {
          if (done === 2) controller.abort(reason);
        },
      }),
    );
    expect(error).toBe(reason);
  });
});
