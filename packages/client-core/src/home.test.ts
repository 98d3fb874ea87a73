import { beforeEach, describe, expect, it } from 'vitest';
import type { HomeState } from '@tradein/contract';
import { $home, getHome, initHome } from './home.ts';

beforeEach(() => {
  $home.set(null);
});

describe('home state', () => {
  it('throws a clear error when read before start', () => {
    expect(() => getHome()).toThrow('getHome: the home state is read before initHome()');
  });

  it.each([
    { tradeInAuth: null, lang: 'de', shopMode: 'default' },
    { tradeInAuth: 'Basic dXNlcjpwYXNz', lang: 'de', shopMode: 'b2bWidget' },
    { tradeInAuth: null, lang: 'fr', shopMode: 'default' },
  ] satisfies HomeState[])('starts with $lang/$shopMode', (state) => {
    expect(initHome(state)).toEqual(state);
    expect($home.get()).toEqual(state);
    expect(getHome()).toEqual(state);
  });

  it.each([
    {
      name: 'an unknown language',
      state: { tradeInAuth: null, lang: 'en', shopMode: 'default' },
      field: 'lang',
    },
    {
      name: 'an unknown shop mode',
      state: { tradeInAuth: null, lang: 'de', shopMode: 'b2b' },
      field: 'shopMode',
    },
    {
      name: 'a missing tradeInAuth',
      state: { lang: 'de', shopMode: 'default' },
      field: 'tradeInAuth',
    },
  ])('refuses $name, naming the field and changing nothing', ({ state, field }) => {
    initHome({ tradeInAuth: null, lang: 'it', shopMode: 'default' });
    expect(() => initHome(state as HomeState)).toThrow(field);
    expect($home.get()?.lang).toBe('it');
  });
});
