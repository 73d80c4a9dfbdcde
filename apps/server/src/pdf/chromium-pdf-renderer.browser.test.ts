import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isServerError } from '../errors/server-error.js';
import { processesWith } from '../testing/lmx-test-helpers.js';
import {
  type LoopbackTrap,
  readPdfPages,
  startLoopbackTrap,
  textOfPdf,
} from '../testing/pdf-test-helpers.js';
import { createChromiumRenderer } from './chromium-pdf-renderer.js';
import { locateChromium } from './locate-chromium.js';
import { MAX_PDF_PAGES } from './pdf-renderer.js';

// The chromium provider against the real browser (Debian's /usr/bin/chromium; CI installs it,
// and this suite never skips): every attack an untrusted document can make must fail, and
// every browser it starts must be gone afterwards.

const silentLog = { warn: () => undefined, info: () => undefined } as never;
const location = locateChromium(undefined, process.env.PATH);
if (!location.found) throw new Error(`chromium is missing: ${location.reason} (.ci/run installs it)`);

let scratch: string;
let browserTemp: string;
let secretFile: string;
let secretCss: string;
let token: string;
let trap: LoopbackTrap;
const originalTmp = process.env.TMPDIR;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'svc-pdf-test-'));
  // The renderer makes its browser folders under os.tmpdir(): here, a folder of this suite's
  // own, so "no browser left" and "no folder left" are about this suite's browsers only.
  browserTemp = join(scratch, 'browsers');
  rmSync(browserTemp, { recursive: true, force: true });
  writeFileSync(join(scratch, '.keep'), '');
  process.env.TMPDIR = browserTemp;
  const { mkdirSync } = await import('node:fs');
  mkdirSync(browserTemp);
  token = `SECRET-${randomBytes(8).toString('hex')}`;
  secretFile = join(scratch, 'secret.txt');
  writeFileSync(secretFile, `${token}\n`);
  secretCss = join(scratch, 'secret.css');
  writeFileSync(secretCss, `p::after { content: "${token}-CSS"; }`);
  trap = await startLoopbackTrap();
});

afterAll(async () => {
  process.env.TMPDIR = originalTmp;
  await trap?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const renderer = () => createChromiumRenderer({ locate: () => location, browsers: 2, log: silentLog });
const soon = (ms = 30_000) => ({ signal: new AbortController().signal, deadline: Date.now() + ms });

async function render(html: string, paper: 'a4' | 'letter' = 'a4'): Promise<{ text: string; pages: number }> {
  const pdf = await renderer().render({ html, paper }, soon());
  return { text: textOfPdf(pdf), pages: (await readPdfPages(pdf)).count };
}

function expectNoBrowserLeft(): void {
  expect(processesWith(browserTemp)).toEqual([]);
  expect(readdirSync(browserTemp)).toEqual([]);
}

describe('the chromium provider', () => {
  it('prints a styled document the way a browser does, on the paper asked for, whatever size its @page says', async () => {
    const html =
      '<style>@page { size: A3 } section { break-after: page } h1 { color: #036 }</style><section><h1>One</h1></section><section><h1>Two</h1></section><section><h1>Three</h1></section>';
    const pdf = await renderer().render({ html, paper: 'letter' }, soon());
    expect(await readPdfPages(pdf)).toEqual({ count: 3, width: 612, height: 792 });
    expect(textOfPdf(pdf)).toMatch(/One[\s\S]*Two[\s\S]*Three/);
    // An orientation is the document's to choose: the paper turns.
    const turned = await renderer().render(
      { html: '<style>@page { size: landscape }</style><p>wide</p>', paper: 'letter' },
      soon(),
    );
    expect(await readPdfPages(turned)).toEqual({ count: 1, width: 792, height: 612 });
    expectNoBrowserLeft();
  });

  it('can show a secret that is in the document itself (so the checks below can fail)', async () => {
    expect((await render(`<p>${token}</p>`)).text).toContain(token);
  });

  it('reads no local file: frames, images, objects, stylesheets, imports, nested documents, a refresh', async () => {
    const file = `file://${secretFile}`;
    const css = `file://${secretCss}`;
    const html = [
      '<p>VISIBLE-MARKER</p>',
      `<iframe src="${file}"></iframe><iframe src="file:///etc/passwd"></iframe>`,
      `<object data="${file}" type="text/plain"></object><embed src="${file}" type="text/plain">`,
      `<img src="${file}"><link rel="stylesheet" href="${css}"><style>@import url("${css}");</style>`,
      `<iframe srcdoc="<iframe src='${file}'></iframe><link rel=stylesheet href='${css}'><p>inner</p>"></iframe>`,
      `<iframe srcdoc="<meta http-equiv=refresh content='0;url=${file}'>"></iframe>`,
      `<meta http-equiv="refresh" content="0;url=${file}">`,
    ].join('\n');
    const { text, pages } = await render(html);
    expect(text).toContain('VISIBLE-MARKER');
    expect(text).not.toContain(token);
    expect(text).not.toContain('root:');
    expect(pages).toBe(1);
    expectNoBrowserLeft();
  });

  it('reaches no network: nothing arrives at a loopback server, whatever the document asks for', async () => {
    const at = (path: string) => `${trap.url}/${path}`;
    const html = [
      '<p>VISIBLE-MARKER</p>',
      `<img src="${at('img')}"><img srcset="${at('srcset')} 2x"><input type="image" src="${at('input')}">`,
      `<link rel="stylesheet" href="${at('css')}"><link rel="prefetch" href="${at('prefetch')}">`,
      `<link rel="preload" as="image" href="${at('preload')}"><link rel="icon" href="http://localhost:${trap.port}/icon">`,
      `<link rel="dns-prefetch" href="//svc-pdf-leak.example"><link rel="preconnect" href="${at('preconnect')}">`,
      `<style>@import url(${at('import')}); body { background: url(${at('background')}) }`,
      `@font-face { font-family: trap; src: url(${at('font')}) } p { font-family: trap }</style>`,
      `<iframe src="${at('frame')}"></iframe><object data="${at('object')}"></object><embed src="${at('embed')}">`,
      `<video src="${at('video')}" poster="${at('poster')}" autoplay></video><audio src="${at('audio')}" autoplay></audio>`,
      `<svg><image href="${at('svg')}" width="10" height="10"/></svg>`,
      `<script src="${at('script')}"></script><script>fetch("${at('fetch')}")</script>`,
      '<img src="http://169.254.169.254/latest/meta-data/"><img src="http://[::1]/v6">',
      `<meta http-equiv="refresh" content="0;url=${at('refresh')}">`,
    ].join('\n');
    const { text } = await render(html);
    expect(text).toContain('VISIBLE-MARKER');
    expectNoBrowserLeft();
    // The browser is gone: nothing can arrive later.
    expect(trap.requests).toEqual([]);
    expect(trap.connections()).toBe(0);
  });

  it('runs no script: inline, event handlers, javascript: URLs; <noscript> shows as in a browser without script', async () => {
    const html = [
      '<p id="p">STATIC-TEXT</p>',
      '<script>document.getElementById("p").textContent = "SCRIPT-RAN"; document.write("<p>WRITE-RAN</p>")</script>',
      '<img src="data:," onerror="document.body.append(\'ONERROR-RAN\')">',
      '<body onload="document.body.append(\'ONLOAD-RAN\')">',
      '<iframe src="javascript:\'<p>JSURL-RAN</p>\'"></iframe>',
      '<noscript><p>NOSCRIPT-SHOWN</p></noscript>',
    ].join('\n');
    const { text } = await render(html);
    expect(text).toContain('STATIC-TEXT');
    expect(text).toContain('NOSCRIPT-SHOWN');
    for (const ran of ['SCRIPT-RAN', 'WRITE-RAN', 'ONERROR-RAN', 'ONLOAD-RAN', 'JSURL-RAN'])
      expect(text).not.toContain(ran);
    expectNoBrowserLeft();
  });

  it(`prints at most ${MAX_PDF_PAGES + 1} pages, however long the document`, async () => {
    const html = `<style>div { break-after: page }</style>${'<div>page</div>'.repeat(MAX_PDF_PAGES + 40)}`;
    const pdf = await renderer().render({ html, paper: 'a4' }, soon(60_000));
    expect((await readPdfPages(pdf)).count).toBe(MAX_PDF_PAGES + 1);
  });

  it('kills the browser and its whole process group at the deadline', async () => {
    const html = `<h1>Long</h1>${'<p>Paragraph of some length to lay out, again and again and again.</p>'.repeat(40_000)}`;
    const stopped = await renderer()
      .render({ html, paper: 'a4' }, soon(1500))
      .catch((error: unknown) => error);
    expect(isServerError(stopped) && stopped.code).toBe('CAP_TIMEOUT');
    expectNoBrowserLeft();
  });

  it('kills the browser when the caller cancels', async () => {
    const controller = new AbortController();
    const html = `${'<p>Paragraph of some length to lay out, again and again and again.</p>'.repeat(40_000)}`;
    const rendering = renderer().render(
      { html, paper: 'a4' },
      { signal: controller.signal, deadline: Date.now() + 60_000 },
    );
    setTimeout(() => controller.abort(), 500);
    const stopped = await rendering.catch((error: unknown) => error);
    expect(isServerError(stopped) && stopped.code).toBe('CAP_ABORTED');
    expectNoBrowserLeft();
  });

  it('refuses past its browser processes with PDF_RENDERER_BUSY, and without a browser with PDF_PROVIDER_UNAVAILABLE', async () => {
    const one = createChromiumRenderer({ locate: () => location, browsers: 1, log: silentLog });
    const first = one.render({ html: '<p>first</p>', paper: 'a4' }, soon());
    const second = await one
      .render({ html: '<p>second</p>', paper: 'a4' }, soon())
      .catch((error: unknown) => error);
    expect(isServerError(second) && second.code).toBe('PDF_RENDERER_BUSY');
    expect(textOfPdf(await first)).toContain('first');
    expect(one.running()).toBe(0);
    const none = createChromiumRenderer({
      locate: () => locateChromium('off', undefined),
      browsers: 1,
      log: silentLog,
    });
    expect(none.describe()).toMatchObject({
      provider: 'chromium',
      available: false,
      note: 'turned off (SVC_CHROMIUM_PATH=off)',
    });
    const refused = await none
      .render({ html: '<p>x</p>', paper: 'a4' }, soon())
      .catch((error: unknown) => error);
    expect(isServerError(refused) && refused.code).toBe('PDF_PROVIDER_UNAVAILABLE');
  });

  it('fails with PDF_RENDER_FAILED when the executable is no browser', async () => {
    const fake = join(scratch, 'not-a-browser');
    writeFileSync(fake, '#!/bin/sh\nexit 3\n', { mode: 0o755 });
    const broken = createChromiumRenderer({
      locate: () => ({ found: true, path: fake }),
      browsers: 1,
      log: silentLog,
    });
    const failed = await broken
      .render({ html: '<p>x</p>', paper: 'a4' }, soon())
      .catch((error: unknown) => error);
    expect(isServerError(failed) && failed.code).toBe('PDF_RENDER_FAILED');
    expectNoBrowserLeft();
  });
});
