import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const resolvePackage = (specifier: string) => fileURLToPath(import.meta.resolve(specifier));
const preactCompat = resolvePackage('preact/compat');
const preactJsxRuntime = resolvePackage('preact/compat/jsx-runtime');

/**
 * React in the source, Preact in the bundle: every React entry point a dependency may import is
 * aliased, anchored so that `react-dom/server` or `react-foo` are never caught by accident.
 */
const preactAliases = [
  { find: /^react$/, replacement: preactCompat },
  { find: /^react-dom$/, replacement: preactCompat },
  { find: /^react-dom\/client$/, replacement: resolvePackage('preact/compat/client') },
  { find: /^react\/jsx-runtime$/, replacement: preactJsxRuntime },
  { find: /^react\/jsx-dev-runtime$/, replacement: preactJsxRuntime },
];

// The classic-script build must be one file (a partner pastes one script tag), so it inlines
// the locale catalogs; the ES module build keeps each catalog in its own chunk.
const format = process.env.TRADEIN_WIDGET_FORMAT === 'es' ? 'es' : 'iife';

export default defineConfig({
  plugins: [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui({ failOnMissing: true, failOnCompileError: true }),
  ],
  resolve: { alias: preactAliases },
  define: {
    // Without it the bundle carries Preact's debug paths and grows threefold.
    'process.env.NODE_ENV': JSON.stringify('production'),
    TRADEIN_MODULE_BUILD: JSON.stringify(format === 'es'),
  },
  build: {
    target: 'es2022',
    outDir: 'dist',
    // The IIFE build runs first and empties dist/; the ES build adds its files beside it.
    emptyOutDir: format === 'iife',
    minify: true,
    sourcemap: false,
    cssCodeSplit: false,
    // The locale chunks have no dependencies to preload; the helper would also need import.meta.
    modulePreload: false,
    rollupOptions: {
      input: fileURLToPath(new URL('src/element/define.ts', import.meta.url)),
      preserveEntrySignatures: false,
      // A classic script has no import.meta: Vite's dynamic-import helper reads it only for
      // preloading, which the inlined locale catalogs do not need.
      ...(format === 'iife' ? { transform: { define: { 'import.meta': '{}' } } } : {}),
      output:
        format === 'es'
          ? {
              format: 'es',
              entryFileNames: 'tradein-widget.mjs',
              chunkFileNames: 'chunks/[name]-[hash].mjs',
            }
          : {
              format: 'iife',
              entryFileNames: 'tradein-widget.js',
              inlineDynamicImports: true,
            },
    },
  },
  test: {
    name: 'widget',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    // Dependencies skip the alias unless vitest inlines them: real react-dom would then try
    // to render Preact hooks.
    server: { deps: { inline: [/@r2wc\//, /@nanostores\/react/, /@lingui\/react/] } },
  },
});
