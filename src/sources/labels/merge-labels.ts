// Several label sources become one label set: one row per (chain, address). When two rows name
// the same contract, the later one (later in its file, or in a later source of the configured
// order) wins, and the replaced row is reported so a conflicting attestation is not silent.
import type { LabelRow } from '../../store/labels.js';
import type { LabelIssue } from './label-rows.js';

export interface LabelBatch {
  /** How messages name the source (a path or a URL without its query). */
  file: string;
  rows: readonly LabelRow[];
  /** Each row's position in its file, parallel to rows (for the replacement message). */
  rowNumbers: readonly number[];
}

export function mergeLabelBatches(batches: readonly LabelBatch[]): { rows: LabelRow[]; issues: LabelIssue[] } {
  const kept = new Map<string, { row: LabelRow; file: string; n: number }>();
  const issues: LabelIssue[] = [];
  for (const b of batches) {
    b.rows.forEach((row, i) => {
      const key = `${row.origin_key}|${row.address}`;
      const n = b.rowNumbers[i] ?? i + 1;
      const before = kept.get(key);
      if (before && !sameLabel(before.row, row)) {
        issues.push({
          file: b.file,
          row: n,
          problem: `${row.address} on ${row.origin_key} was labeled before (${before.file} row ${before.n}: ${describe(before.row)}); this row (${describe(row)}) replaces it`,
          skipped: false,
        });
      }
      kept.delete(key); // re-insert: the set keeps the order of the winning rows
      kept.set(key, { row, file: b.file, n });
    });
  }
  return { rows: [...kept.values()].map((k) => k.row), issues };
}

function sameLabel(a: LabelRow, b: LabelRow): boolean {
  return a.contract_name === b.contract_name && a.owner_project === b.owner_project && a.usage_category === b.usage_category && a.verified === b.verified;
}

function describe(r: LabelRow): string {
  return `owner_project ${r.owner_project ?? 'none'}, usage_category ${r.usage_category ?? 'none'}`;
}
