import { GateError } from '@svc/gate';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { abortOnDisconnect } from '../plugins/abort-on-disconnect.js';
import { requireAuth } from '../plugins/guards.js';
import { deleteAccount } from './account-deletion.js';
import { writeAccountExport } from './account-export.js';
import { deleteAccountSchema, exportAccountSchema } from './account-route-schemas.js';
import { createZipExport } from './zip-export-sink.js';

/** Exports per account per hour: an export reads everything the account owns. */
export const ACCOUNT_EXPORT_RATE_LIMIT = 6;
/** Deletion attempts per account per hour: each checks the password. */
export const ACCOUNT_DELETE_RATE_LIMIT = 10;

const perAccount = (request: FastifyRequest): string => request.user?.id ?? request.ip;

/** `GET /account/export` and `POST /account/delete`. */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/export',
    {
      schema: exportAccountSchema,
      preHandler: requireAuth,
      config: {
        rateLimit: { max: ACCOUNT_EXPORT_RATE_LIMIT, timeWindow: '1 hour', keyGenerator: perAccount },
      },
    },
    async (request, reply) => {
      const user = request.user;
      if (!user) throw new GateError('GATE_UNAUTHENTICATED', 'Sign in first.');
      // Read before the first byte, so a vanished account is a clean 404 rather than a broken zip.
      await app.gate.leaving.readProfile(user.id);
      const now = new Date();
      const zip = createZipExport(abortOnDisconnect(reply));
      writeAccountExport({ gate: app.gate, contributors: app.accountData.list(), user, zip, now }).then(
        () => zip.end(),
        (error: unknown) => {
          request.log.warn({ err: error }, 'account export stopped');
          zip.fail(error instanceof Error ? error : new Error(String(error)));
        },
      );
      const day = now.toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="svc-export-${day}.zip"`)
        .header('cache-control', 'no-store')
        .send(zip.outputStream);
    },
  );

  app.post<{ Body: { password?: string } }>(
    '/delete',
    {
      schema: deleteAccountSchema,
      preHandler: requireAuth,
      config: {
        rateLimit: { max: ACCOUNT_DELETE_RATE_LIMIT, timeWindow: '1 hour', keyGenerator: perAccount },
      },
    },
    async (request, reply) => {
      const user = request.user;
      if (!user) throw new GateError('GATE_UNAUTHENTICATED', 'Sign in first.');
      if (user.via !== 'session')
        throw new GateError(
          'GATE_FORBIDDEN',
          'Delete your account from a signed-in session, not with an API key.',
        );
      const outcome = await deleteAccount({
        gate: app.gate,
        db: app.database.db,
        contributors: app.accountData.list(),
        user,
        password: request.body.password,
        sessionId: user.credentialId,
        log: request.log,
      });
      const config = app.svcConfig;
      reply.clearCookie(config.cookieName, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure: config.env === 'production',
        ...(config.cookieDomain ? { domain: config.cookieDomain } : {}),
      });
      return { deleted: outcome.deleted, kept: outcome.anonymised };
    },
  );
};
