import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, errorCodeOf, logIn, type SignedInUser, signUp } from '../testing/access-test-fixtures.js';
import {
  type ActivityTestServer,
  as,
  generate,
  openSharedState,
  type SharedState,
  startActivityServer,
} from '../testing/activity-test-helpers.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { PREVIEW_WATERMARK } from './activity-access.js';

describe.each(testDatabaseTargets())('activity page routes on $name', (target) => {
  let state: SharedState;
  let server: ActivityTestServer;
  let alice: SignedInUser;
  let bob: SignedInUser;
  let admin: SignedInUser;
  const post = (url: string, payload: unknown, user?: SignedInUser, remoteAddress?: string) =>
    server.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: as(user),
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  beforeAll(async () => {
    state = await openSharedState(target);
    server = await startActivityServer(state);
    alice = await signUp(server.app, 'alice@example.com');
    bob = await signUp(server.app, 'bob@example.com');
    admin = { id: '', email: ADMIN.email, cookie: await logIn(server.app, ADMIN.email, ADMIN.password) };
  });
  afterAll(async () => {
    await server?.close();
    await state?.destroy();
  });

  it('lists every kind with its inputs, publicly', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/activity/kinds' });
    expect(response.statusCode).toBe(200);
    const { kinds } = response.json();
    expect(kinds.map((k: { kind: string }) => k.kind)).toEqual(
      expect.arrayContaining(['sudoku', 'wordsearch', 'maze', 'crossword', 'math']),
    );
    const sudoku = kinds.find((k: { kind: string }) => k.kind === 'sudoku');
    expect(sudoku).toMatchObject({ requiresAccount: false });
    expect(sudoku.inputs).toContainEqual(
      expect.objectContaining({ name: 'size', type: 'integer', default: 9, min: 4, max: 16 }),
    );
    expect(kinds.find((k: { kind: string }) => k.kind === 'crossword').requiresAccount).toBe(true);
  });

  it('generates the public kinds without an account, the same page for the same seed', async () => {
    for (const kind of ['sudoku', 'wordsearch', 'maze']) {
      const first = await post('/api/activity/pages/generate', { kind, seed: 'same', input: {} });
      expect(first.statusCode).toBe(200);
      expect(first.json().page).toMatchObject({ kind, seed: 'same', summary: expect.any(String) });
      const second = await post('/api/activity/pages/generate', { kind, seed: 'same', input: {} });
      expect(second.json().page.doc).toEqual(first.json().page.doc);
    }
  });

  it('refuses the account-only kinds to anonymous callers with 401 and serves them to users', async () => {
    for (const kind of ['crossword', 'cryptogram', 'wordscramble', 'nonogram', 'math']) {
      const anonymous = await post('/api/activity/pages/generate', { kind, seed: 3 });
      expect(anonymous.statusCode).toBe(401);
      expect(errorCodeOf(anonymous)).toBe('GATE_UNAUTHENTICATED');
      const signedIn = await post('/api/activity/pages/generate', { kind, seed: 3 }, alice);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json().page).toMatchObject({ kind, seed: '3' });
    }
  });

  it('answers bad input with 400 and every issue, an unknown kind with 400 ACT_UNKNOWN_KIND', async () => {
    const bad = await post('/api/activity/pages/generate', {
      kind: 'sudoku',
      input: { size: 5, symmetry: 'spiral' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'ACT_INVALID_INPUT',
      details: { issues: expect.arrayContaining([expect.objectContaining({ path: expect.any(String) })]) },
    });
    expect(bad.json().error.details.issues.length).toBeGreaterThanOrEqual(1);
    const unknown = await post('/api/activity/pages/generate', { kind: 'origami' });
    expect(unknown.statusCode).toBe(400);
    expect(errorCodeOf(unknown)).toBe('ACT_UNKNOWN_KIND');
    const noKind = await post('/api/activity/pages/generate', { input: {} });
    expect(noKind.statusCode).toBe(400);
    expect(errorCodeOf(noKind)).toBe('SERVER_VALIDATION');
  });

  it('prints a standalone HTML document, watermarked for anonymous callers and members, not for admins', async () => {
    const page = await generate(server.app, 'sudoku', 'print');
    const body = { kind: 'sudoku', doc: page.doc, trim: 'Letter' };
    for (const [who, user, watermarked] of [
      ['anonymous', undefined, true],
      ['member', alice, true],
      ['admin', admin, false],
    ] as const) {
      const response = await post('/api/activity/pages/print', body, user);
      expect(response.statusCode, who).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      expect(response.body).toMatch(/^<!doctype html>/i);
      expect(response.body.includes(PREVIEW_WATERMARK), who).toBe(watermarked);
      expect(response.headers['x-svc-watermarked'], who).toBe(String(watermarked));
    }
    const key = await post(
      '/api/activity/pages/print',
      { ...body, key: true, largePrint: true, title: 'Key' },
      admin,
    );
    expect(key.statusCode).toBe(200);
    expect(key.body).not.toBe((await post('/api/activity/pages/print', body, admin)).body);
  });

  it('refuses to print an invalid page (400 ACT_INVALID_PAGE) or an unknown trim (400)', async () => {
    const page = await generate(server.app, 'sudoku', 'broken');
    const givens = page.doc.givens as number[][];
    const broken = { ...page.doc, givens: givens.map((row) => row.map(() => 1)) };
    const invalid = await post('/api/activity/pages/print', { kind: 'sudoku', doc: broken, trim: 'A4' });
    expect(invalid.statusCode).toBe(400);
    expect(errorCodeOf(invalid)).toBe('ACT_INVALID_PAGE');
    const trim = await post('/api/activity/pages/print', { kind: 'sudoku', doc: page.doc, trim: 'A0' });
    expect(trim.statusCode).toBe(400);
    expect(errorCodeOf(trim)).toBe('SERVER_VALIDATION');
  });

  it('saves a valid page for its owner only: 401 anonymous, 400 invalid, listed at /db/activity_pages', async () => {
    const page = await generate(server.app, 'maze', 'save');
    const anonymous = await post('/api/activity/pages', { kind: 'maze', doc: page.doc });
    expect(anonymous.statusCode).toBe(401);
    const invalid = await post(
      '/api/activity/pages',
      { kind: 'maze', doc: { ...page.doc, width: -1 } },
      alice,
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toMatchObject({
      code: 'ACT_INVALID_PAGE',
      details: { issues: expect.any(Array) },
    });
    const saved = await post(
      '/api/activity/pages',
      { kind: 'maze', doc: page.doc, seed: 'save', title: 'Maze 1' },
      alice,
    );
    expect(saved.statusCode).toBe(201);
    const stored = saved.json().page;
    expect(stored).toMatchObject({
      owner: alice.id,
      visibility: 'private',
      kind: 'maze',
      seed: 'save',
      title: 'Maze 1',
    });
    expect(stored.doc).toEqual(page.doc);

    const mine = await server.app.inject({ method: 'GET', url: '/db/activity_pages', headers: as(alice) });
    expect(mine.json().items.map((item: { id: string }) => item.id)).toContain(stored.id);
    const theirs = await server.app.inject({ method: 'GET', url: '/db/activity_pages', headers: as(bob) });
    expect(theirs.json().items.map((item: { id: string }) => item.id)).not.toContain(stored.id);
    const direct = await server.app.inject({
      method: 'GET',
      url: `/db/activity_pages/${stored.id}`,
      headers: as(bob),
    });
    expect(direct.statusCode).toBe(404);
  });

  it('limits printing and generating per client address (429 in the one error shape)', async () => {
    const page = await generate(server.app, 'maze', 'limit', { width: 4, height: 4 });
    const body = { kind: 'maze', doc: page.doc, trim: 'A4' };
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++)
      statuses.push((await post('/api/activity/pages/print', body, undefined, '203.0.113.9')).statusCode);
    expect(statuses.slice(0, 120).every((status) => status === 200)).toBe(true);
    const limited = await post('/api/activity/pages/print', body, undefined, '203.0.113.9');
    expect(limited.statusCode).toBe(429);
    expect(errorCodeOf(limited)).toBe('SERVER_RATE_LIMITED');
    expect((await post('/api/activity/pages/print', body, undefined, '203.0.113.10')).statusCode).toBe(200);

    const tiny = { kind: 'maze', seed: 1, input: { width: 3, height: 3 } };
    for (let i = 0; i < 30; i++)
      expect((await post('/api/activity/pages/generate', tiny, undefined, '203.0.113.11')).statusCode).toBe(
        200,
      );
    expect((await post('/api/activity/pages/generate', tiny, undefined, '203.0.113.11')).statusCode).toBe(
      429,
    );
  });
});
