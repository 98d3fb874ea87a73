import { describe, expect, it } from 'vitest';
import { compilePathPattern, isValidParamValue, splitPath } from './path-pattern.ts';

function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const split = splitPath(path);
  return split === undefined ? undefined : compilePathPattern(pattern).match(split.segments);
}

describe('splitPath', () => {
  it.each([
    ['/', [], ''],
    ['/kontakt', ['kontakt'], ''],
    ['/kontakt/', ['kontakt'], ''],
    ['/a/b?x=1&y=2', ['a', 'b'], '?x=1&y=2'],
    ['/a?x=1#top', ['a'], '?x=1'],
    ['/a#top?not-a-query', ['a'], ''],
    ['/a?', ['a'], ''],
    ['//', [''], ''],
    ['/a//', ['a', ''], ''],
  ])('splits %j', (path, segments, query) => {
    expect(splitPath(path)).toEqual({ segments, query });
  });

  it.each(['', 'kontakt', 'https://www.tradein.de/kontakt', '?x=1'])(
    'rejects the non-absolute path %j',
    (path) => {
      expect(splitPath(path)).toBeUndefined();
    },
  );
});

describe('compilePathPattern', () => {
  it('reads literal, whole-segment, suffix, hex and rest parameters', () => {
    expect(compilePathPattern('/a/{x}/pre-{y}/{h:hex}/{rest*}').paramNames).toEqual([
      'x',
      'y',
      'h',
      'rest',
    ]);
  });

  it.each([
    ['kontakt', 'must start with "/"'],
    ['/kontakt/', 'must not end with "/"'],
    ['/a//b', 'neither literal text nor a parameter'],
    ['/{x}/{x}', 'parameter "x" repeats'],
    ['/{rest*}/a', 'must be the last segment'],
    ['/pre-{rest*}', 'cannot have a prefix'],
    ['/{x}-suffix', 'neither literal'],
    ['/{1x}', 'neither literal'],
    ['/ümlaut', 'neither literal'],
    ['/{x:int}', 'neither literal'],
  ])('rejects %j', (pattern, reason) => {
    expect(() => compilePathPattern(pattern)).toThrow(`Invalid path pattern "${pattern}"`);
    expect(() => compilePathPattern(pattern)).toThrow(reason);
  });
});

describe('matching', () => {
  it.each([
    ['/', '/', {}],
    ['/kontakt', '/kontakt', {}],
    ['/produkte/{pdp}', '/produkte/apple-iphone-12', { pdp: 'apple-iphone-12' }],
    ['/produkte/{pdp}', '/produkte/apple%20iphone%2012', { pdp: 'apple iphone 12' }],
    ['/produkte/{pdp}', '/produkte/%C3%BCber', { pdp: 'über' }],
    ['/produkte/uebersicht-{o}', '/produkte/uebersicht-apple', { o: 'apple' }],
    ['/produkte/uebersicht-{o}', '/produkte/uebersicht-uebersicht-x', { o: 'uebersicht-x' }],
    ['/h/{h:hex}', '/h/09afAF', { h: '09afAF' }],
    ['/de/{path*}', '/de/a/b%20c', { path: 'a/b%20c' }],
  ])('%s matches %s', (pattern, path, params) => {
    expect(matchPath(pattern, path)).toEqual(params);
  });

  it.each([
    ['/', '/a'],
    ['/kontakt', '/Kontakt'],
    ['/kontakt', '/kontakt/x'],
    ['/produkte/{pdp}', '/produkte'],
    ['/produkte/{pdp}', '/produkte/a/b'],
    ['/produkte/{pdp}', '/produkte/a%2Fb'],
    ['/produkte/{pdp}', '/produkte/%E0%A4%A'],
    ['/produkte/{pdp}', '/produkte//'],
    ['/produkte/uebersicht-{o}', '/produkte/uebersicht-'],
    ['/produkte/uebersicht-{o}', '/produkte/apple'],
    ['/h/{h:hex}', '/h/xyz'],
    ['/h/{h:hex}', '/h/12g4'],
    ['/de/{path*}', '/de'],
    ['/de/{path*}', '/de//evil.example'],
    ['/de/{path*}', '/de/%2F%2Fevil.example'],
    ['/de/{path*}', '/de/%5Cevil.example'],
    ['/de/{path*}', '/de/a//b'],
  ])('%s does not match %s', (pattern, path) => {
    expect(matchPath(pattern, path)).toBeUndefined();
  });
});

describe('building', () => {
  it('percent-encodes parameters and keeps literals', () => {
    expect(compilePathPattern('/produkte/uebersicht-{o}').build({ o: 'a b?' })).toBe(
      '/produkte/uebersicht-a%20b%3F',
    );
  });

  it('inserts a rest parameter as it is', () => {
    expect(compilePathPattern('/{path*}').build({ path: 'a/b%20c' })).toBe('/a/b%20c');
  });

  it.each([
    ['/p/{x}', {}, 'Missing parameter "x"'],
    ['/p/{x}', { x: '' }, 'Empty parameter "x"'],
    ['/p/{x}', { x: 'a/b' }, 'must not contain "/"'],
    ['/p/{h:hex}', { h: 'xyz' }, 'must be hexadecimal'],
    ['/{path*}', { path: '/evil.example' }, 'Malformed rest parameter'],
    ['/{path*}', { path: 'a\\b' }, 'Malformed rest parameter'],
  ])('%s with %j throws', (pattern, params, message) => {
    expect(() => compilePathPattern(pattern).build(params)).toThrow(message);
  });
});

describe('isValidParamValue', () => {
  it.each([
    ['x', true],
    ['a b', true],
    ['', false],
    ['a/b', false],
  ])('%j -> %s', (value, expected) => {
    expect(isValidParamValue(value)).toBe(expected);
  });
});
