import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import type { BuildEnvironmentOptions, PluginOption } from 'vite';

// The lingui plugin can compile macros natively (`macroTransform`), but its binding needs Node
// 22.19+ to be installed, and `npm install` may run on a machine's older Node, which skips it
// (docs/decisions.md, "Runtime"). Babel compiles them wherever the project installs; the
// plugin's advice to switch is therefore silenced.
process.env['LINGUI_SUPPRESS_BABEL_WARNING'] = '1';

/**
 * The Vite plugins every workspace with lingui texts uses: catalogs (`.po`) compiled on import,
 * failing the build on a missing translation, and the macros (`t`, `<Trans>`, `msg`) compiled
 * by Babel in the files that use them.
 */
export function linguiPlugins(): PluginOption[] {
  return [
    lingui({ failOnMissing: true, failOnCompileError: true }),
    babel({ presets: [linguiTransformerBabelPreset()] }),
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
