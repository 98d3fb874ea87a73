import { loadWidgetModule } from './loader.ts';

/** The module build's content-hashed entry file, set by the loader build (vite.config.ts). */
declare const TRADEIN_MODULE_ENTRY: string;

loadWidgetModule(
  document.currentScript,
  TRADEIN_MODULE_ENTRY,
  (url) => import(/* @vite-ignore */ url),
);
