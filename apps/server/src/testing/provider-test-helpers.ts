import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { ModelProviderError } from '../dreamer/providers/model-provider-error.js';
import { type FakeModelServer, startFakeModelServer } from './fake-model-server.js';

// Test support for the provider suites; never imported by production code.

/**
 * Starts one fake model server for the calling test file (closed after it) and forgets its
 * recorded requests before every test. Read `.current` inside tests.
 *
 * @example
 * const fake = useFakeModelServer();
 * it('…', async () => { fake.current.enqueue({ text: 'hi' }); });
 */
export function useFakeModelServer(): { readonly current: FakeModelServer } {
  let server: FakeModelServer | undefined;
  beforeAll(async () => {
    server = await startFakeModelServer();
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    if (server) server.requests.length = 0;
  });
  return {
    get current(): FakeModelServer {
      if (!server) throw new Error('the fake model server starts in beforeAll');
      return server;
    },
  };
}

/** The ModelProviderError a call rejects with; fails the test if it resolves or throws anything else. */
export async function failureOf(promise: Promise<unknown>): Promise<ModelProviderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ModelProviderError);
  return error as ModelProviderError;
}
