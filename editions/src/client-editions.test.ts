import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ClientEditionField } from './client-edition-config.ts';
import { getClientEdition } from './client-editions.ts';
import { editionCodes } from './edition-code.ts';
import { getEdition } from './editions.ts';

// Written out so that adding or dropping a browser field is a visible decision.
const clientFields = [
  'application',
  'code',
  'dateFormat',
  'hasB2B',
  'hasConditionsVideo',
  'hasHomeBanner',
  'hasNewsletter',
  'icuLocale',
  'language',
  'paymentTypes',
  'popTitleException',
  'search',
  'selectedPaymentType',
  'streetForm',
  'timeZone',
  'zipFormatRegExp',
] as const satisfies readonly ClientEditionField[];

// Fails to compile when ClientEditionField names a field the list above lacks.
const everyFieldListed: Exclude<ClientEditionField, (typeof clientFields)[number]> extends never
  ? true
  : false = true;

describe('getClientEdition', () => {
  it.each(editionCodes)(
    '%s: the browser part equals the fields of the validated configuration',
    (code) => {
      const client = getClientEdition(code);
      const full = getEdition(code);
      expect(everyFieldListed).toBe(true);
      expect(Object.keys(client).toSorted()).toEqual(clientFields);
      expect(client).toEqual(Object.fromEntries(clientFields.map((field) => [field, full[field]])));
    },
  );

  it.each(editionCodes)('returns a deeply frozen configuration for %s', (code) => {
    const config = getClientEdition(code);
    expect(getClientEdition(code)).toBe(config);
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.paymentTypes)).toBe(true);
    expect(Object.isFrozen(config.popTitleException)).toBe(true);
    expect(Object.isFrozen(config.search)).toBe(true);
    expect(() => {
      (config as { hasB2B: boolean }).hasB2B = !config.hasB2B;
    }).toThrow(TypeError);
  });

  it.each(['xx', 'DE', '', 'ch', '__proto__', 'toString', 'constructor'])(
    'throws "missing locale" for %j',
    (code) => {
      expect(() => getClientEdition(code)).toThrow(new Error('missing locale'));
    },
  );

  it('keeps the validated configuration a separate, frozen copy', () => {
    expect(Object.isFrozen(getEdition('de').helpWidget.contactSubjects)).toBe(true);
    expect(getEdition('de').search).not.toBe(getClientEdition('de').search);
    expect(getEdition('de').search).toEqual(getClientEdition('de').search);
  });
});

/** Value imports (not `import type`) of a source file, as written. */
function valueImports(source: string): string[] {
  const statements = source.match(/^(?:import|export)\s[^;]*?from\s+'[^']+';/gms) ?? [];
  return statements
    .filter((statement) => !/^(?:import|export)\s+type\s/.test(statement))
    .map((statement) => /from\s+'([^']+)';$/.exec(statement)?.[1] ?? '');
}

/** Every file and package the module at `entry` loads, following relative imports. */
function loadPath(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (url: URL): void => {
    const path = url.pathname.slice(new URL('.', import.meta.url).pathname.length);
    if (files.has(path)) return;
    files.add(path);
    for (const specifier of valueImports(readFileSync(url, 'utf8'))) {
      if (specifier.startsWith('.')) visit(new URL(specifier, url));
      else packages.add(specifier);
    }
  };
  visit(new URL(entry, import.meta.url));
  return { files, packages };
}

describe('the browser entry', () => {
  const { files, packages } = loadPath('./client.ts');

  it('loads only zod/mini, for the small code and mode schemas', () => {
    expect([...packages]).toEqual(['zod/mini']);
  });

  it.each([
    'edition-config-schema.ts',
    'editions.ts',
    'host-rules.ts',
    'redirects.ts',
    'routes.ts',
    'route-names.ts',
    'path-pattern.ts',
    'configs/de.ts',
    'configs/fr.ts',
    'configs/fr-legacy-redirects.ts',
    'configs/legacy-redirects.ts',
    'configs/shared-routes.ts',
  ])('never loads %s', (file) => {
    expect(files.has('client.ts')).toBe(true);
    expect(files.has('configs/de-client.ts')).toBe(true);
    expect(files.has(file)).toBe(false);
  });
});
