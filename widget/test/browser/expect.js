// The assertion library of the browser tests: chai's `expect`, loaded from its single-file ES
// module build (the tests run plain JavaScript in Chromium, without a bundler).
export { expect } from '/node_modules/chai/index.js';
