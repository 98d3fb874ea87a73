// The ambient types of this untyped module must reach every workspace that compiles this file
// (the shop host typechecks the trade API sources too), which an import cannot do.
// oxlint-disable-next-line typescript/triple-slash-reference
/// <reference path="./jsbarcode.d.ts" />
import code128Module from 'jsbarcode/bin/barcodes/CODE128/CODE128_AUTO.js';

/** The encoder class, whichever way the CommonJS module is handed over. */
const Code128 = 'default' in code128Module ? code128Module.default : code128Module;

/**
 * The Code 128 modules of a text ("1" a bar module, "0" a space module), with start code,
 * check symbol and stop pattern, as jsbarcode encodes them (code set chosen automatically).
 */
export function code128Modules(text: string): string {
  const encoder = new Code128(text, {});
  if (!encoder.valid()) throw new Error(`Code 128 cannot encode "${text}"`);
  return encoder.encode().data;
}
