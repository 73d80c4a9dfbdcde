import type { FastifyReply } from 'fastify';

/**
 * An AbortSignal that fires when the client goes away before its response is complete: a
 * long-running handler (a model run) stops working for nobody. A client already gone when this
 * is called (it hung up while the guards ran) aborts at once.
 *
 * @example
 * const signal = abortOnDisconnect(reply);
 * return dreamer.run(user, request.body, { signal });
 */
export function abortOnDisconnect(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  const abortIfUnfinished = (): void => {
    if (!response.writableFinished) controller.abort(new Error('The client disconnected'));
  };
  if (response.destroyed || response.socket?.destroyed === true) abortIfUnfinished();
  else response.once('close', abortIfUnfinished);
  return controller.signal;
}
