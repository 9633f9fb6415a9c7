// OLI records → LabelRows. A row with a malformed address, a chain that is not configured or
// a usage category outside OLI's value set is reported (file, row, what is wrong) and skipped;
// the other rows load. `chain_id` is CAIP-2 (`eip155:<evm chain id>`) and maps to an
// origin_key through the configured chains.
import type { LabelRow } from '../../store/labels.js';
import { closestMatch } from '../../registry/did-you-mean.js';
import type { OliRecord } from './oli-records.js';
import { OLI_USAGE_CATEGORIES, isOliUsageCategory } from './usage-categories.js';

export interface LabelIssue {
  file: string;
  row: number;
  /** CSV: the file line of the row. */
  line?: number;
  /** The problem, in the operator's words, with the value found. */
  problem: string;
  /** false: reported, but the row still loaded (e.g. it replaced an earlier row). */
  skipped: boolean;
}

/** `labels.csv:4 (row 3): …` (CSV) or `labels.json row 3: …` (JSON). */
export function formatLabelIssue(i: LabelIssue): string {
  const where = i.line !== undefined ? `${i.file}:${i.line} (row ${i.row})` : `${i.file} row ${i.row}`;
  return `${where}: ${i.problem}${i.skipped ? '; row skipped' : ''}`;
}

/** A configured chain as labels see it. */
export interface LabelChain {
  origin_key: string;
  evm_chain_id: number;
}

const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;
const CAIP2_RE = /^eip155:([1-9][0-9]*)$/;
// OLI has used both names for the flag; the CSV export calls it source_code_verified.
const VERIFIED_KEYS = ['is_contract_verified', '_verified', 'source_code_verified'] as const;

export interface ValidatedLabels {
  rows: LabelRow[];
  issues: LabelIssue[];
}

export function validateLabelRecords(records: readonly OliRecord[], file: string, chains: readonly LabelChain[]): ValidatedLabels {
  const byChainId = new Map(chains.map((c) => [c.evm_chain_id, c.origin_key]));
  const configured = chains.map((c) => `eip155:${c.evm_chain_id} (${c.origin_key})`).join(', ') || 'none';
  const rows: LabelRow[] = [];
  const issues: LabelIssue[] = [];
  for (const rec of records) {
    const report = (problem: string, skipped = true): void => {
      issues.push({ file, row: rec.row, ...(rec.line !== undefined ? { line: rec.line } : {}), problem, skipped });
    };
    const v = rec.values;
    if ('__not_an_object' in v) {
      report(`expected an object with address and chain_id; found ${JSON.stringify(v.__not_an_object)}`);
      continue;
    }
    const problems: string[] = [];
    const address = text(v.address);
    if (address === null) problems.push('address is missing');
    else if (!ADDRESS_RE.test(address)) problems.push(`address ${JSON.stringify(address)} is not 0x followed by 40 hex digits`);

    const chainId = text(v.chain_id);
    let originKey: string | undefined;
    const m = chainId === null ? null : CAIP2_RE.exec(chainId);
    if (chainId === null) problems.push('chain_id is missing');
    else if (!m) problems.push(`chain_id ${JSON.stringify(chainId)} is not eip155:<chain id>`);
    else {
      originKey = byChainId.get(Number(m[1]));
      if (originKey === undefined) problems.push(`chain_id ${chainId} is not a configured chain (configured: ${configured})`);
    }

    const category = text(v.usage_category);
    if (category !== null && !isOliUsageCategory(category)) {
      const near = closestMatch(category, OLI_USAGE_CATEGORIES);
      problems.push(`usage_category ${JSON.stringify(category)} is not an OLI usage category${near ? ` (did you mean ${near}?)` : ''}`);
    }
    if (problems.length > 0 || originKey === undefined || address === null) {
      report(problems.join('; '));
      continue;
    }
    const verified = verifiedFlag(v);
    if (verified === 'bad') report(`verification flag ${JSON.stringify(VERIFIED_KEYS.map((k) => v[k]).find((x) => x != null))} is not true or false; loaded as unknown`, false);
    rows.push({
      origin_key: originKey,
      address: address.toLowerCase(),
      contract_name: text(v.contract_name),
      owner_project: text(v.owner_project),
      usage_category: category,
      verified: verified === 'bad' ? null : verified,
    });
  }
  return { rows, issues };
}

/** A trimmed non-empty string, or null (absent, null, empty). Numbers are read as text. */
function text(v: unknown): string | null {
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t === '' ? null : t;
}

function verifiedFlag(v: Record<string, unknown>): boolean | null | 'bad' {
  for (const k of VERIFIED_KEYS) {
    const x = v[k];
    if (x === null || x === undefined || x === '') continue;
    if (x === true || x === false) return x;
    const t = String(x).trim().toLowerCase();
    if (t === 'true' || t === '1') return true;
    if (t === 'false' || t === '0') return false;
    return 'bad';
  }
  return null;
}
