import { defineConfig } from 'vite';

// Vite 8 compiles TSX with Oxc; Preact's automatic JSX runtime needs no plugin (no Babel).
export default defineConfig({
  base: '/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  // The Specs screen's checker is a module worker (`new Worker(new URL(…), { type: 'module' })`),
  // a same-origin file under assets/, which `script-src 'self'` allows.
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    target: 'es2022',
    // The polyfill is only for browsers without <link rel=modulepreload>; every supported one has it.
    modulePreload: { polyfill: false },
    // One inlined asset would be a data: URL in CSS; keep every asset a hashed file instead.
    assetsInlineLimit: 0,
    sourcemap: false,
    reportCompressedSize: false,
  },
});
