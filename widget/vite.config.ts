import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import { linguiPlugins, precompress } from '../vite-shared.ts';

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
  // @lingui/react 6 takes useSyncExternalStore from React's shim package, which would pull in
  // the shim and real React; preact/compat has the hook itself.
  { find: /^use-sync-external-store\/shim$/, replacement: preactCompat },
];

// Two builds: the ES module build with the whole flow (entry, lazily loaded screens and locale
// catalogs in chunks/), then the classic script partners paste, a loader of the module build.
const loader = process.env.TRADEIN_WIDGET_BUILD === 'loader';
const entry = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * `locale-de` for the element's own German catalog, `checkout-de` for a step's, and
 * `locale-de-formal` / `checkout-de-formal` for the formal German of the B2B mode.
 */
function catalogChunkName(moduleId: string | null): string | undefined {
  const match = /\/src\/(?:features\/([a-z-]+)\/)?locales\/([a-z]{2}|de-formal)\.po$/.exec(
    moduleId ?? '',
  );
  if (match === null) return undefined;
  return `${match[1] ?? 'locale'}-${match[2]}`;
}

/** The name of the module build's entry in its manifest: `tradein-widget-<hash>.mjs`. */
function moduleEntryFile(): string {
  const manifestFile = new URL('dist/.vite/manifest.json', import.meta.url);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean }
  >;
  const entryChunk = Object.values(manifest).find((chunk) => chunk.isEntry === true);
  if (entryChunk === undefined) throw new Error('build the module build before the loader');
  return entryChunk.file;
}

/**
 * A copy of the module build's content-hashed entry under the fixed name `tradein-widget.mjs`,
 * for pages that load the module build with their own `<script type="module">` (short cache,
 * like the classic loader). The loader imports the hashed file, which is cached for good.
 */
function stableModuleEntry(): Plugin {
  return {
    name: 'tradein-stable-module-entry',
    apply: 'build',
    generateBundle: {
      // After Vite's own hooks, which finish the chunks' code (preload lists) in this phase.
      order: 'post',
      handler(_options, bundle) {
        const entryChunk = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.isEntry,
        );
        if (entryChunk?.type !== 'chunk') return;
        this.emitFile({ type: 'asset', fileName: 'tradein-widget.mjs', source: entryChunk.code });
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), ...linguiPlugins(), ...(loader ? [] : [stableModuleEntry()]), precompress()],
  resolve: { alias: preactAliases },
  define: {
    // Without it the bundle carries Preact's debug paths and grows threefold.
    'process.env.NODE_ENV': JSON.stringify('production'),
    ...(loader ? { TRADEIN_MODULE_ENTRY: JSON.stringify(moduleEntryFile()) } : {}),
  },
  // Files are found relative to the chunk that loads them, never to the host page's origin.
  base: './',
  build: {
    target: 'es2022',
    // The conditions video's captions stay a file: a data: URL would need the partner's CSP to
    // allow data: media.
    assetsInlineLimit: (file) => (file.endsWith('.vtt') ? false : undefined),
    outDir: 'dist',
    // The module build runs first and empties dist/; the loader is written beside it.
    emptyOutDir: !loader,
    minify: true,
    sourcemap: false,
    // Lists each chunk's static and dynamic imports: the size budget follows the real graph.
    manifest: !loader,
    cssCodeSplit: false,
    // Chunks import their dependencies themselves, relative to their own URL: Vite's preload
    // helper would resolve them against the host page instead.
    modulePreload: false,
    rollupOptions: {
      input: entry(loader ? 'src/element/load.ts' : 'src/element/define.ts'),
      preserveEntrySignatures: false,
      output: loader
        ? { format: 'iife', entryFileNames: 'tradein-widget.js' }
        : {
            format: 'es',
            entryFileNames: 'tradein-widget-[hash].mjs',
            chunkFileNames: (chunk) =>
              `chunks/${catalogChunkName(chunk.facadeModuleId) ?? '[name]'}-[hash].mjs`,
          },
    },
  },
  test: {
    name: 'widget',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    // Dependencies skip the alias unless vitest inlines them: real react-dom would then try
    // to render Preact hooks.
    server: { deps: { inline: [/@nanostores\/react/, /@lingui\/react/] } },
  },
});
