import { loadWidgetModule } from './loader.ts';

loadWidgetModule(document.currentScript, (url) => import(/* @vite-ignore */ url));
