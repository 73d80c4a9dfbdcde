/**
 * Calls `onInterrupt` on the first Ctrl-C (SIGINT) until the returned function is called.
 * Only the first is caught: the listener is removed then, so a second Ctrl-C ends the
 * process the usual way if shutting down hangs.
 *
 * @example
 * const stopWatching = watchInterrupt(() => controller.abort());
 * try { await work(controller.signal); } finally { stopWatching(); }
 */
export function watchInterrupt(onInterrupt: () => void): () => void {
  const listener = () => {
    process.removeListener('SIGINT', listener);
    onInterrupt();
  };
  process.on('SIGINT', listener);
  return () => process.removeListener('SIGINT', listener);
}
