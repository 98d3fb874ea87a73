import * as z from 'zod/mini';
import { atom } from 'nanostores';
import { categorySchema } from '@tradein/contract';
import type { Category, CategoryState } from '@tradein/contract';

/** The known categories, keyed by lower-case name (spec §3, category state). */
export const $categories = /* @__PURE__ */ atom<CategoryState>({});

const categoryListSchema = /* @__PURE__ */ z.array(categorySchema);

/** The key a category is stored under: its lower-case name (the contract's category state). */
function categoryKey(name: string): string {
  return name.toLowerCase();
}

/**
 * Replaces the known categories with a validated list. Throws (changing nothing) when an entry
 * does not match the category schema or two entries share a name.
 */
export function setCategories(list: unknown): void {
  const parsed = categoryListSchema.safeParse(list);
  if (!parsed.success) {
    throw new Error(`setCategories: invalid category list: ${z.prettifyError(parsed.error)}`);
  }
  const next: Record<string, Category> = {};
  for (const category of parsed.data) {
    const key = categoryKey(category.name);
    if (key in next) {
      throw new Error(`setCategories: two categories are named "${category.name}"`);
    }
    next[key] = category;
  }
  $categories.set(next);
}

/** The category of that name, whatever its letter case and surrounding spaces, or undefined. */
export function getCategory(name: string): Category | undefined {
  const categories = $categories.get();
  // Own keys only: a name like "constructor" must not reach the object prototype.
  for (const key of [categoryKey(name), categoryKey(name.trim())]) {
    if (Object.hasOwn(categories, key)) return categories[key];
  }
  return undefined;
}

/** Forgets every category (between editions, or between tests). */
export function clearCategories(): void {
  $categories.set({});
}
