import { readFile, writeFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { renderStartPage, startPages, type StartPageLanguage } from './render.ts';

/**
 * Writes the start pages (`index.html`, `de.html`) into the demo folder, where the shop server
 * serves them, with `theme-example.css` shown in them as it is. Generated, so not in git.
 */
export function startPagesPlugin(demoDirectory: URL): Plugin {
  return {
    name: 'tradein-demo-start-pages',
    apply: 'build',
    async closeBundle() {
      const themeCss = await readFile(new URL('theme-example.css', demoDirectory), 'utf8');
      for (const language of Object.keys(startPages) as StartPageLanguage[]) {
        const page = renderStartPage(language, themeCss);
        await writeFile(new URL(startPages[language].file, demoDirectory), page);
      }
    },
  };
}
