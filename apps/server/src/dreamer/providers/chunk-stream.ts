import type { CompletionChunk, CompletionResult } from '@svc/dreamer-core';

/** Starts a completion, calling `onDelta` with text as it is read; resolves with the whole answer. */
export type StreamedCompletion = (onDelta: (text: string) => void) => Promise<CompletionResult>;

type Outcome = { ok: true; result: CompletionResult } | { ok: false; error: unknown };

/**
 * Turns a callback-driven completion into the registry's chunk stream: the text read since the
 * consumer last asked comes as one `delta` (so a fast upstream does not flood the run's event
 * stream), then one `done` with the whole text and usage; a failure rejects the iteration. The
 * completion starts on the first read; its signal, not the iteration, stops it.
 *
 * @example
 * ```ts
 * for await (const chunk of toChunkStream((onDelta) => readAnswer(onDelta))) console.log(chunk);
 * ```
 */
export async function* toChunkStream(
  start: StreamedCompletion,
): AsyncGenerator<CompletionChunk, void, undefined> {
  let pending = '';
  let outcome: Outcome | undefined;
  let wake: (() => void) | undefined;
  const notify = (): void => {
    wake?.();
    wake = undefined;
  };
  void start((text) => {
    pending += text;
    notify();
  }).then(
    (result) => {
      outcome = { ok: true, result };
      notify();
    },
    (error: unknown) => {
      outcome = { ok: false, error };
      notify();
    },
  );
  for (;;) {
    if (pending !== '') {
      const text = pending;
      pending = '';
      yield { type: 'delta', text };
      continue;
    }
    if (outcome !== undefined) {
      if (!outcome.ok) throw outcome.error;
      const { text, usage } = outcome.result;
      yield usage ? { type: 'done', text, usage } : { type: 'done', text };
      return;
    }
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
  }
}
