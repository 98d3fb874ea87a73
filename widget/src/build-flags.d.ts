/** True in the ES module build, false in the classic-script (IIFE) build and in tests. */
declare const TRADEIN_MODULE_BUILD: boolean;
