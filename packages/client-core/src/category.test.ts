import { beforeEach, describe, expect, it } from 'vitest';
import { categoryStateSchema } from '@tradein/contract';
import type { Category } from '@tradein/contract';
import { $categories, clearCategories, getCategory, setCategories } from './category.ts';

function category(id: number, name: string): Category {
  return {
    id,
    name,
    url: name.toLowerCase().replaceAll(' ', '-'),
    content: '',
    metaDescription: '',
    metaKeywords: '',
    thumbnail: null,
    manufacturers: [],
    topManufacturers: [],
  };
}

beforeEach(() => {
  clearCategories();
});

describe('category state', () => {
  it('keys categories by lower-case name, as the contract requires', () => {
    setCategories([
      category(1, 'Smartphones'),
      category(2, 'Tablets'),
      category(3, 'Digital Cameras'),
    ]);
    expect(Object.keys($categories.get())).toEqual(['smartphones', 'tablets', 'digital cameras']);
    expect(categoryStateSchema.safeParse($categories.get()).success).toBe(true);
  });

  it.each(['Smartphones', 'smartphones', 'SMARTPHONES', ' sMaRtPhOnEs '])(
    'finds %j whatever its case',
    (name) => {
      setCategories([category(1, 'Smartphones')]);
      expect(getCategory(name)?.id).toBe(1);
    },
  );

  it.each(['laptops', 'toString', '__proto__', 'constructor', ''])(
    'finds nothing for %j',
    (name) => {
      setCategories([category(1, 'Smartphones')]);
      expect(getCategory(name)).toBeUndefined();
    },
  );

  it('replaces the previous list', () => {
    setCategories([category(1, 'Smartphones')]);
    setCategories([category(2, 'Tablets')]);
    expect(getCategory('smartphones')).toBeUndefined();
    expect(getCategory('tablets')?.id).toBe(2);
  });

  it('refuses an invalid list and keeps the previous one', () => {
    setCategories([category(1, 'Smartphones')]);
    expect(() => setCategories([{ ...category(2, 'Tablets'), id: -2 }])).toThrow(
      /invalid category list/,
    );
    expect(() => setCategories('nope')).toThrow(/invalid category list/);
    expect(getCategory('smartphones')?.id).toBe(1);
  });

  it('refuses two categories whose names differ only in case', () => {
    setCategories([category(1, 'Smartphones')]);
    expect(() => setCategories([category(2, 'Tablets'), category(3, 'TABLETS')])).toThrow(
      'setCategories: two categories are named "TABLETS"',
    );
    expect(getCategory('smartphones')?.id).toBe(1);
  });
});
