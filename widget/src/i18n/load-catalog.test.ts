import { msg } from '@lingui/core/macro';
import { describe, expect, it } from 'vitest';
import { createWidgetI18n } from './load-catalog.ts';

const question = msg`Which device do you want to sell?`;

describe('createWidgetI18n', () => {
  it('speaks formal German from the de-formal catalog, with German formats', async () => {
    const i18n = await createWidgetI18n('de-formal');
    expect(i18n.locale).toBe('de-formal');
    expect(i18n.locales).toEqual(['de']);
    expect(i18n._(question)).toBe('Welches Gerät möchten Sie verkaufen?');
    expect(i18n.number(1234.5)).toBe('1.234,5');
    expect(new Intl.DisplayNames(i18n.locales, { type: 'region' }).of('DE')).toBe('Deutschland');
  });

  it('keeps "du" in the German catalog', async () => {
    const i18n = await createWidgetI18n('de');
    expect(i18n.locales).toEqual(['de']);
    expect(i18n._(question)).toBe('Welches Gerät möchtest du verkaufen?');
  });
});
