// A small `expect` for the browser tests, shaped like vitest's (the tests run plain JavaScript
// in Chromium, without a bundler).

function fail(message, detail) {
  throw new Error(message === undefined ? detail : `${message}: ${detail}`);
}

/** Assertions on `actual`; `message` says what is being checked. */
export function expect(actual, message) {
  return {
    toBe(expected) {
      if (actual !== expected) {
        fail(message, `expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
      }
    },
    toEqual(expected) {
      const want = JSON.stringify(expected);
      const got = JSON.stringify(actual);
      if (want !== got) fail(message, `\n  expected ${want}\n  got      ${got}`);
    },
    toContain(part) {
      if (typeof actual !== 'string' || !actual.includes(part)) {
        fail(message, `${JSON.stringify(part)} not in ${JSON.stringify(actual)}`);
      }
    },
    toMatch(pattern) {
      if (typeof actual !== 'string' || !pattern.test(actual)) {
        fail(message, `${JSON.stringify(actual)} does not match ${pattern}`);
      }
    },
    toBeTruthy() {
      if (!actual) fail(message, `expected a truthy value, got ${String(actual)}`);
    },
  };
}
