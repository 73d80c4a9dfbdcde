import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerTracing, TracedSpan } from './server-tracing.js';

/**
 * A span per HTTP request (kind server, named `METHOD /route/pattern`, with the method, route and
 * status), made the current span from the pre-handler on, so the capability uses a handler
 * starts are its children. Ended when the answer is sent or the client goes away.
 *
 * @example
 * if (tracing) installRequestTracing(app, tracing);
 */
export function installRequestTracing(app: FastifyInstance, tracing: ServerTracing): void {
  const spans = new WeakMap<FastifyRequest, TracedSpan>();
  const end = (request: FastifyRequest, status: number | undefined): void => {
    const traced = spans.get(request);
    if (traced === undefined) return;
    spans.delete(request);
    const route = request.is404 ? undefined : request.routeOptions.url;
    if (route !== undefined) {
      traced.span.updateName(`${request.method} ${route}`);
      traced.span.setAttribute('http.route', route);
    }
    if (status !== undefined) traced.span.setAttribute('http.response.status_code', status);
    // 2 is SpanStatusCode.ERROR: a server-side failure marks the span.
    if (status === undefined || status >= 500) traced.span.setStatus({ code: 2 });
    traced.span.end();
  };
  app.addHook('onRequest', (request, _reply, done) => {
    spans.set(
      request,
      tracing.startSpan(
        request.method,
        { 'http.request.method': request.method, 'svc.request_id': String(request.id) },
        'server',
        // A W3C trace context from a proxy or a calling service continues its trace.
        typeof request.headers.traceparent === 'string' ? request.headers.traceparent : undefined,
      ),
    );
    done();
  });
  // Callback style on purpose: the rest of the lifecycle (later hooks, the handler) runs from
  // `done`, so inside the request's span; the body was read before this, outside any context.
  app.addHook('preHandler', (request, _reply, done) => {
    const traced = spans.get(request);
    if (traced === undefined) done();
    else traced.runInside(() => done());
  });
  app.addHook('onResponse', (request, reply, done) => {
    end(request, reply.statusCode);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    end(request, undefined);
    done();
  });
}
