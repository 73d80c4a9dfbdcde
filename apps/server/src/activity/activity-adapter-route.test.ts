import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  createKey,
  errorCodeOf,
  logIn,
  type SignedInUser,
  signUp,
  signUpWithRoles,
} from '../testing/access-test-fixtures.js';
import {
  type ActivityTestServer,
  openSharedState,
  type SharedState,
  startActivityServer,
} from '../testing/activity-test-helpers.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { PREVIEW_WATERMARK } from './activity-access.js';

describe.each(testDatabaseTargets())(
  'the activity-pages capabilities through the adapter route on $name',
  (target) => {
    let state: SharedState;
    let server: ActivityTestServer;
    let developerKey: string;
    let member: SignedInUser;
    let adminCookie: string;
    const call = (
      fn: string,
      payload: unknown,
      headers: Record<string, string> = { authorization: `Bearer ${developerKey}` },
    ) =>
      server.app.inject({
        method: 'POST',
        url: `/api/adapters/activity-pages/${fn}`,
        headers,
        payload: payload as object,
      });

    beforeAll(async () => {
      state = await openSharedState(target);
      server = await startActivityServer(state, { worker: false });
      const developer = await signUpWithRoles(server.app, 'dev@example.com', ['member', 'developer']);
      developerKey = (await createKey(server.app, developer)).key;
      member = await signUp(server.app, 'member@example.com');
      adminCookie = await logIn(server.app, ADMIN.email, ADMIN.password);
    });
    afterAll(async () => {
      await server?.close();
      await state?.destroy();
    });

    it('is listed with an argument schema per function', async () => {
      const response = await server.app.inject({
        method: 'GET',
        url: '/api/adapters',
        headers: { authorization: `Bearer ${developerKey}` },
      });
      const system = response.json().systems.find((s: { system: string }) => s.system === 'activity-pages');
      expect(system.functions.map((f: { name: string }) => f.name)).toEqual([
        'buildBook',
        'exportBook',
        'generatePage',
        'listKinds',
        'printPage',
        'validatePage',
      ]);
      for (const fn of system.functions) expect(fn.argsSchema.type).toBe('object');
    });

    it('lists kinds, generates, validates and prints pages', async () => {
      const kinds = await call('listKinds', {});
      expect(kinds.statusCode).toBe(200);
      expect(kinds.json().result.kinds.length).toBeGreaterThanOrEqual(8);

      const generated = await call('generatePage', { kind: 'crossword', seed: 5 });
      expect(generated.statusCode).toBe(200);
      const page = generated.json().result;
      expect(page).toMatchObject({ kind: 'crossword', seed: '5' });

      const valid = await call('validatePage', { kind: page.kind, doc: page.doc });
      expect(valid.json().result).toEqual({ ok: true, errors: [] });
      const invalid = await call('validatePage', { kind: page.kind, doc: { nonsense: true } });
      expect(invalid.statusCode).toBe(200);
      expect(invalid.json().result.ok).toBe(false);

      const printed = await call('printPage', { kind: page.kind, doc: page.doc, trim: 'A4', key: true });
      expect(printed.statusCode).toBe(200);
      expect(printed.json().result).toMatchObject({
        trim: 'A4',
        widthMm: 210,
        heightMm: 297,
        watermarked: true,
      });
      expect(printed.json().result.html).toContain(PREVIEW_WATERMARK);
      const byAdmin = await call(
        'printPage',
        { kind: page.kind, doc: page.doc, trim: 'A4' },
        { cookie: adminCookie },
      );
      expect(byAdmin.json().result.watermarked).toBe(false);
      expect(byAdmin.json().result.html).not.toContain(PREVIEW_WATERMARK);
    });

    it('builds a book PDF as base64', async () => {
      const sudoku = (await call('generatePage', { kind: 'sudoku', seed: 1 })).json().result;
      const maze = (await call('generatePage', { kind: 'maze', seed: 2 })).json().result;
      const built = await call('buildBook', {
        title: 'Adapter Book',
        trim: '8x10',
        pages: [sudoku, maze].map(({ kind, doc }) => ({ kind, doc })),
      });
      expect(built.statusCode).toBe(200);
      const { pdfBase64, bytes, watermarked } = built.json().result;
      const pdf = Buffer.from(pdfBase64, 'base64');
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.length).toBe(bytes);
      expect(watermarked).toBe(true);
    });

    it("answers the core's refusals with the core's own code and status, as the activity routes do", async () => {
      const unknown = await call('generatePage', { kind: 'origami' });
      expect([unknown.statusCode, errorCodeOf(unknown)]).toEqual([400, 'ACT_UNKNOWN_KIND']);
      const input = await call('generatePage', { kind: 'maze', input: { width: 1000 } });
      expect(input.statusCode).toBe(400);
      expect(input.json().error).toMatchObject({
        code: 'ACT_INVALID_INPUT',
        details: { issues: expect.any(Array) },
      });
      const page = await call('printPage', { kind: 'sudoku', doc: { givens: [] }, trim: 'Letter' });
      expect([page.statusCode, errorCodeOf(page)]).toEqual([400, 'ACT_INVALID_PAGE']);
      const schema = await call('buildBook', { title: 'x', trim: 'A4', pages: [] });
      expect(schema.statusCode).toBe(400);
      expect(schema.json().error).toMatchObject({
        code: 'CAP_INVALID_ARGS',
        details: { issues: [{ path: '/pages', message: expect.any(String) }] },
      });
      // One schema everywhere: an empty title is refused by the adapter as by the route.
      const emptyTitle = await call('printPage', { kind: 'sudoku', doc: {}, trim: 'A4', title: '' });
      expect(errorCodeOf(emptyTitle)).toBe('CAP_INVALID_ARGS');
    });

    it('needs the run_adapter permission, like every adapter', async () => {
      expect((await call('listKinds', {}, { cookie: member.cookie })).statusCode).toBe(403);
      expect((await call('listKinds', {}, {})).statusCode).toBe(401);
    });
  },
);
