import type { FastifyInstance } from 'fastify';

/**
 * Hooks every response passes through: the request id of each log line is echoed to the client
 * (`x-request-id`), so a report can be matched to its logs; and once shutdown starts every
 * response ends its keep-alive connection, so `close()` is not held open until idle clients time
 * out (Fastify only does this for requests arriving after close).
 *
 * @example
 * installRequestLifecycle(app);
 */
export function installRequestLifecycle(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  let draining = false;
  app.addHook('preClose', (done) => {
    draining = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
}
