import type { Mailer } from '@svc/gate';
import { createMemoryMailer } from '@svc/gate/testing';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config/server-config.js';
import { createSmtpMailer } from './smtp-mailer.js';

/**
 * The mailer the configuration asks for: SMTP when `SMTP_URL` is set (closed with the server),
 * else the development outbox kept in memory and readable by admins.
 *
 * @example
 * const mailer = options.mailer ?? createConfiguredMailer(config, app);
 */
export function createConfiguredMailer(config: ServerConfig, app: FastifyInstance): Mailer {
  if (!config.mail) {
    if (config.env === 'production') {
      app.log.warn('SMTP_URL is not set: verification mail stays in the admin outbox (GET /auth/outbox)');
    }
    return createMemoryMailer({ limit: 200 });
  }
  const mailer = createSmtpMailer(config.mail);
  app.addHook('onClose', async () => mailer.close());
  return mailer;
}
