import { LOGIN_THROTTLE_CONTRACT } from '@svc/gate/testing';
import { afterAll, describe, it } from 'vitest';
import { testRedisConfig } from '../testing/test-redis.js';
import { createRedisLoginThrottle } from './redis-login-throttle.js';
import { openSharedRedis, type SharedRedis } from './shared-redis.js';

describe('the login throttle on Redis passes the gate contract', () => {
  const opened: SharedRedis[] = [];
  afterAll(async () => {
    for (const redis of opened) await redis.close();
  });
  const context = {
    async createThrottle() {
      const redis = await openSharedRedis(testRedisConfig(), {
        warn: () => undefined,
        info: () => undefined,
      });
      opened.push(redis);
      return createRedisLoginThrottle(redis);
    },
  };
  for (const contractCase of LOGIN_THROTTLE_CONTRACT) it(contractCase.name, () => contractCase.run(context));
});
