import { describe, expect, it } from 'vitest';
import { buildCatalogue } from './build-catalogue.ts';

/**
 * The catalogue is stored per edition, not per shop mode: its German texts are shown both to
 * consumers (addressed with "du") and to companies in the B2B mode (addressed with "Sie"), so they
 * address nobody ("Modell wählen", "Liegt das Originalzubehör bei?").
 */
const informal =
  /(?<![\p{L}\p{N}])(du|dich|dir|dein|deine|deinen|deinem|deiner|deines|euch|euer|eure|gib|wähle|melde|setze|prüfe|nimm|schick|schicke|beantworte|erhalte|legst|hast|kannst|musst|möchtest)(?![\p{L}\p{N}])/iu;
const formal = /(?<![\p{L}\p{N}])(Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres|Ihnen)(?![\p{L}\p{N}])/u;

/** Every German text of a value: the strings under a `de` key (the German edition's value). */
function germanTexts(value: unknown, german = false): string[] {
  if (typeof value === 'string') return german ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((item) => germanTexts(item, german));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => germanTexts(item, german || key === 'de'));
}

describe('the German catalogue texts', () => {
  const texts = germanTexts(buildCatalogue());

  it('are there to check', () => {
    expect(texts.length).toBeGreaterThan(100);
    expect(texts).toContain('Liegt das Originalzubehör bei?');
  });

  it('address nobody, neither informally nor formally', () => {
    const addressing = texts.filter((text) => informal.test(text) || formal.test(text));
    expect(addressing).toEqual([]);
  });
});
