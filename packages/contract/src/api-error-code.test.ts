import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiErrorCode } from './api-error.ts';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Where the server, the client core, the widget and the shop answer or read error codes. */
const sourceFolders = [
  'packages/contract/src',
  'packages/trade-api/src',
  'packages/client-core/src',
  'widget/src',
  'host-shop/src',
];

/** Source files (not tests: they check the codes on the wire, as a client sees them). */
function sourceFiles(folder: string): string[] {
  return readdirSync(join(repositoryRoot, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\./.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('apiErrorCode', () => {
  it('names every code once, by the camel case of its snake case', () => {
    const codes = Object.values(apiErrorCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const [name, code] of Object.entries(apiErrorCode)) {
      expect(code.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase())).toBe(
        name,
      );
    }
  });

  it('is the one place that spells an error code: no source file writes one as a string', () => {
    const codes = Object.values(apiErrorCode);
    const spelled: string[] = [];
    for (const folder of sourceFolders) {
      for (const file of sourceFiles(folder)) {
        if (file.endsWith(join('contract', 'src', 'api-error.ts'))) continue;
        const text = readFileSync(file, 'utf8');
        for (const code of codes) {
          if (text.includes(`'${code}'`) || text.includes(`"${code}"`)) {
            spelled.push(`${relative(repositoryRoot, file)}: ${code}`);
          }
        }
      }
    }
    expect(spelled).toEqual([]);
  });
});
