import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The contract's modules (tests and their fixtures aside). */
const sourceFiles = readdirSync(new URL('.', import.meta.url)).filter(
  (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'test-fixtures.ts',
);

/**
 * The module-level `const` statements of a source text: from a line starting with `const` or
 * `export const` up to the next line that starts at column 0 and is not a closing bracket.
 */
function moduleConstants(source: string): { name: string; initializer: string }[] {
  const lines = source.split('\n');
  const found: { name: string; initializer: string }[] = [];
  lines.forEach((line, index) => {
    const start = /^(?:export )?const (\w+)[^=]*= (.*)$/.exec(line);
    if (!start) return;
    const rest: string[] = [];
    for (const next of lines.slice(index + 1)) {
      if (next === '' || !/^[\s)\]}]/.test(next)) break;
      rest.push(next);
      if (!/^\s/.test(next)) break;
    }
    found.push({ name: start[1] ?? '', initializer: [start[2] ?? '', ...rest].join('\n') });
  });
  return found;
}

describe('module-level values of the contract', () => {
  // A bundler keeps every unannotated call at module level, and with it every schema the call
  // reaches: one unmarked schema brings its whole module (and, for payouts, ibantools) along.
  it.each(sourceFiles)('%s builds nothing at import without a pure annotation', (file) => {
    const source = readFileSync(new URL(file, import.meta.url), 'utf8');
    const unmarked = moduleConstants(source)
      .filter(({ initializer }) => initializer.includes('('))
      .filter(({ initializer }) => !initializer.startsWith('/* @__PURE__ */'))
      .map(({ name }) => name);
    expect(unmarked).toEqual([]);
  });

  it('finds the schemas it checks', () => {
    const source = readFileSync(new URL('primitives.ts', import.meta.url), 'utf8');
    expect(moduleConstants(source).map(({ name }) => name)).toContain('emailSchema');
  });
});
