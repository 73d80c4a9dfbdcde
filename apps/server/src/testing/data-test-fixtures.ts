import type { LightMyRequestResponse } from 'fastify';
import { ADMIN, FIXTURE_ENV, logIn, type SignedInUser, signUp } from './access-test-fixtures.js';
import type { TestDatabaseTarget } from './test-databases.js';
import { createTestServer, type TestServer } from './test-server.js';

// Test support for the data route suites; never imported by production code.

/** A stored document as the data route answers it. */
export interface DocumentBody {
  id: string;
  owner: string;
  visibility: string;
  createdAt: number;
  updatedAt: number;
  [field: string]: unknown;
}

/** A server with two members (alice, bob) and the seed admin signed in. */
export interface DataTestContext {
  server: TestServer;
  alice: SignedInUser;
  bob: SignedInUser;
  admin: SignedInUser;
}

/** Builds a test server on `target` and signs in alice, bob and the seed admin over HTTP. */
export async function createDataTestContext(target: TestDatabaseTarget): Promise<DataTestContext> {
  const server = await createTestServer(target, FIXTURE_ENV);
  const alice = await signUp(server.app, 'alice@example.com');
  const bob = await signUp(server.app, 'bob@example.com');
  const cookie = await logIn(server.app, ADMIN.email, ADMIN.password);
  const row = await server.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', ADMIN.email)
    .executeTakeFirstOrThrow();
  return { server, alice, bob, admin: { id: row.id, email: ADMIN.email, cookie } };
}

/** Headers of a request made as `user` (anonymous when undefined). */
export function headersOf(user: SignedInUser | undefined): Record<string, string> {
  return user ? { cookie: user.cookie } : {};
}

/** Creates a document as `user` and returns it; throws unless the route answers 201. */
export async function createDocument(
  server: TestServer,
  user: SignedInUser,
  collection: string,
  data: Record<string, unknown>,
): Promise<DocumentBody> {
  const response = await server.app.inject({
    method: 'POST',
    url: `/db/${collection}`,
    headers: headersOf(user),
    payload: data,
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json<DocumentBody>();
}

/** `GET /db/{collection}?{query}` as `user`. */
export function listDocuments(
  server: TestServer,
  user: SignedInUser | undefined,
  collection: string,
  query: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const search = new URLSearchParams(query).toString();
  return server.app.inject({
    method: 'GET',
    url: `/db/${collection}${search ? `?${search}` : ''}`,
    headers: headersOf(user),
  });
}

/** The documents of a 200 listing. */
export function itemsOf(response: LightMyRequestResponse): DocumentBody[] {
  if (response.statusCode !== 200) throw new Error(`list failed: ${response.statusCode} ${response.body}`);
  return response.json<{ items: DocumentBody[] }>().items;
}

/** Every page of a listing, following `nextCursor`; returns the documents and the page sizes. */
export async function listAllPages(
  server: TestServer,
  user: SignedInUser | undefined,
  collection: string,
  query: Record<string, string>,
): Promise<{ items: DocumentBody[]; pageSizes: number[] }> {
  const items: DocumentBody[] = [];
  const pageSizes: number[] = [];
  let cursor: string | null = null;
  do {
    const response = await listDocuments(server, user, collection, cursor ? { ...query, cursor } : query);
    const page = itemsOf(response);
    items.push(...page);
    pageSizes.push(page.length);
    cursor = response.json<{ nextCursor: string | null }>().nextCursor;
  } while (cursor !== null && pageSizes.length < 1000);
  return { items, pageSizes };
}
