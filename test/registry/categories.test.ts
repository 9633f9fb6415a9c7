// The category table in code must match the OLI value set it was copied from.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { isUsageCategory, MAIN_CATEGORIES, mainCategoryName, mainCategoryOf, USAGE_CATEGORIES } from '../../src/registry/categories.js';

const oliFile = new URL('../fixtures/oli/usage_category.yml', import.meta.url);

describe('usage categories', () => {
  it('contain every OLI usage_category id with its OLI name', () => {
    const oli = parse(readFileSync(oliFile, 'utf8')) as { categories: Array<{ category_id: string; name: string }> };
    expect(oli.categories.length).toBeGreaterThan(30);
    for (const c of oli.categories) expect(USAGE_CATEGORIES[c.category_id]).toBe(c.name);
    // Beyond OLI: the two synthetic categories and `unlabeled` (METRICS.md section 5).
    const extra = Object.keys(USAGE_CATEGORIES).filter((id) => !oli.categories.some((c) => c.category_id === id));
    expect(extra.sort()).toEqual(['contract_deployment', 'native_transfer', 'unlabeled']);
  });

  it('group into the main categories of METRICS.md section 5, each usage category exactly once', () => {
    expect(MAIN_CATEGORIES.map((m) => `${m.id}: ${m.name}`)).toEqual([
      'finance: Finance',
      'collectibles: Collectibles',
      'social: Social',
      'token_transfers: Token Transfers',
      'utility: Utility',
      'cross_chain: Cross-Chain',
      'unlabeled: Unlabeled',
    ]);
    const all = MAIN_CATEGORIES.flatMap((m) => m.sub);
    expect(all.sort()).toEqual(Object.keys(USAGE_CATEGORIES).sort());
    expect(mainCategoryOf('dex')).toBe('finance');
    expect(mainCategoryOf('native_transfer')).toBe('token_transfers');
    expect(mainCategoryOf('contract_deployment')).toBe('utility');
    expect(mainCategoryOf('nonsense')).toBeUndefined();
    expect(isUsageCategory('bridge')).toBe(true);
    expect(isUsageCategory('toString')).toBe(false);
    expect(mainCategoryName('cross_chain')).toBe('Cross-Chain');
  });
});
