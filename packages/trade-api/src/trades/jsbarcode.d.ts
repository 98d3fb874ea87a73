/** The one jsbarcode encoder the label uses; the package ships no types for its internals. */
declare module 'jsbarcode/bin/barcodes/CODE128/CODE128_AUTO.js' {
  class Code128Auto {
    constructor(data: string, options: object);
    valid(): boolean;
    encode(): { text: string; data: string };
  }
  const module: typeof Code128Auto | { default: typeof Code128Auto };
  export default module;
}
