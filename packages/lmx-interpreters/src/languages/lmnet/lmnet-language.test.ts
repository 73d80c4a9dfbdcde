import { describe, expect, it } from 'vitest';
import type { BridgeCaller } from '../../core/run-context.js';
import { ScriptFault } from '../../errors.js';
import { executeScript } from '../../execute-script.js';

/** A host bridge that allows 127.0.0.1:8080 only, failing as the server's host session does. */
function allowListHost(): BridgeCaller {
  return {
    available: new Set(['host']),
    call(_bridge, method, args) {
      const { host, port } = args as { host: string; port: number };
      if (method === 'port' && port === 0)
        throw new ScriptFault('E_BRIDGE_FAILED', '0 is not a port (1 to 65535).');
      if (method === 'port' && host === '127.0.0.1' && port === 8080) return 'open';
      throw new ScriptFault(
        'E_FORBIDDEN',
        `${host}:${port} is not on the network allow-list (SVC_LMX_NET_ALLOWED_HOSTS).`,
      );
    },
  };
}

describe('lmnet', () => {
  it('answers "closed" for a host or port outside the allow-list instead of ending the run', () => {
    const result = executeScript(
      {
        mode: 'lmnet',
        source:
          'PORT "127.0.0.1" 8080\nPORT "127.0.0.1" 22\nPORT "10.0.0.9" 8080 -> other\nprint other\nprint "still running"',
      },
      { bridges: allowListHost() },
    );
    expect(result.error).toBeUndefined();
    expect(result.output).toEqual(['open', 'closed', 'closed', 'still running']);
  });

  it('still ends the run for other failures (a bad port), and GET outside the list with E_FORBIDDEN', () => {
    expect(
      executeScript({ mode: 'lmnet', source: 'PORT "127.0.0.1" 0' }, { bridges: allowListHost() }).error,
    ).toMatchObject({ code: 'E_BRIDGE_FAILED', message: '0 is not a port (1 to 65535).' });
    expect(
      executeScript({ mode: 'lmnet', source: 'GET "http://10.0.0.9/"' }, { bridges: allowListHost() }).error,
    ).toMatchObject({
      code: 'E_FORBIDDEN',
      message: expect.stringContaining('not on the network allow-list'),
    });
  });
});
