import type { DocsReader } from '@svc/docs-reader';
import type { FastifyReply } from 'fastify';

/** What the routes use: the reader (opened once) and the one way to answer an error. */
export interface DocsRouteContext {
  siteDir: string;
  reader(): Promise<DocsReader>;
  sendError(reply: FastifyReply, error: unknown): FastifyReply;
}
