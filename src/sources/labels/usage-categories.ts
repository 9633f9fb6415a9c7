// The usage categories a label may name: OLI's value set. The registry's list also holds the
// categories chainlytics derives from a transaction itself (native_transfer,
// contract_deployment) and `unlabeled`; no OLI label carries those, so a row naming one is as
// wrong as a typo.
import { USAGE_CATEGORIES } from '../../registry/categories.js';

const NOT_FROM_LABELS = new Set(['native_transfer', 'contract_deployment', 'unlabeled']);

export const OLI_USAGE_CATEGORIES: readonly string[] = Object.keys(USAGE_CATEGORIES).filter((id) => !NOT_FROM_LABELS.has(id));

const SET = new Set(OLI_USAGE_CATEGORIES);

export function isOliUsageCategory(id: string): boolean {
  return SET.has(id);
}
