import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { BuildEnvironmentOptions, Plugin, PluginOption } from 'vite';

// The lingui plugin can compile macros natively (`macroTransform`), but its binding needs Node
// 22.19+ to be installed, and `npm install` may run on a machine's older Node, which skips it
// (docs/decisions.md, "Runtime"). Babel compiles them wherever the project installs; the
// plugin's advice to switch is therefore silenced.
process.env['LINGUI_SUPPRESS_BABEL_WARNING'] = '1';

/**
 * The Vite plugins every workspace with lingui texts uses: catalogs (`.po`) compiled on import,
 * failing the build on a missing translation, and the macros (`t`, `<Trans>`, `msg`) compiled
 * by Babel in the files that use them. `configPath` names a lingui configuration other than the
 * project's root one.
 */
export function linguiPlugins(configPath?: string): PluginOption[] {
  // A workspace with catalogs of its own (the back office) names its lingui configuration; the
  // others share the root one.
  const config = configPath === undefined ? {} : { configPath };
  return [
    lingui({ failOnMissing: true, failOnCompileError: true, ...config }),
    babel({ presets: [linguiTransformerBabelPreset({}, config)] }),
  ];
}

/** How the server bundles (`vite build --ssr`: the shop, the API node, ops) are built. */
export const serverBuild: BuildEnvironmentOptions = {
  target: 'node24',
  sourcemap: true,
  rollupOptions: {
    // Chunks sit beside the entry: modules find the repository by their depth below it
    // (import.meta.url), which must be the same in src/ and in the bundle.
    output: { chunkFileNames: '[name]-[hash].js' },
  },
};

/** Text files worth compressing; media (webm, images) are compressed already. */
const compressible = /\.(?:m?js|css|html|json|svg|vtt)$/;

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text file a
 * build emits, once, at the highest levels, for `@fastify/static`'s `preCompressed`: the server
 * sends them as they are, with `content-encoding` and `vary: accept-encoding`.
 */
export function precompress(): Plugin {
  return {
    name: 'tradein-precompress',
    apply: 'build',
    // Browser files only: a server bundle (React Router's build/server) is never sent.
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options, bundle) {
      const directory = options.dir;
      if (directory === undefined) return;
      for (const fileName of Object.keys(bundle).filter((name) => compressible.test(name))) {
        const path = join(directory, fileName);
        const bytes = await readFile(path);
        const brotliParams = {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        };
        await writeFile(`${path}.br`, brotliCompressSync(bytes, { params: brotliParams }));
        await writeFile(`${path}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}
