// Writes the devnet's application metadata in the formats real operators have: an OLI label
// CSV (the columns of OLI's export, chain_id as eip155:<devnet chain id>), a folder of OSS
// Directory project YAML files, and the operator overlay YAML. The files do not depend on the
// seed (contract addresses never do), so they stay valid across devnet runs.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { devnetOssProjects, devnetOverlay } from './app-directory.js';
import { DEVNET_LABELS, type DevnetLabel } from './app-labels.js';
import { DEVNET_CHAIN_SPECS } from './chains.js';
import { hashString } from './prng.js';

/** The columns of OLI's label export, in its order (../shared/data/oli/example-labels.csv). */
export const OLI_CSV_COLUMNS = [
  'address', 'chain_id', 'is_eoa', 'is_contract', 'is_factory_contract', 'is_proxy', 'is_safe_contract', 'contract_name',
  'deployment_tx', 'deployer_address', 'owner_project', 'deployment_date', 'erc_type', 'erc20.symbol', 'erc20.decimals',
  'erc721.name', 'erc721.symbol', 'erc1155.name', 'erc1155.symbol', 'usage_category', 'version', 'audit',
  'contract_monitored', 'source_code_verified',
] as const;

export interface DevnetAppFiles {
  /** The OLI label CSV. */
  labelsCsv: string;
  /** Folder of `<owner_project>.yaml` OSS Directory project files. */
  projectsDir: string;
  /** Overlay YAML: per owner_project logo_path, token_symbol, market_data_id, features. */
  overlay: string;
}

export interface AppFilesOptions {
  /** Write label rows of these chains only (a devnet running a subset); default all. */
  chains?: readonly string[];
}

function sha(...parts: string[]): string {
  return createHash('sha256').update(`chainlytics-devnet|${parts.join('|')}`).digest('hex');
}

function csvField(v: string): string {
  return /[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** A deployment date before any devnet history (2023–2024), fixed per contract. */
function deploymentDate(l: DevnetLabel): string {
  const t = Date.UTC(2023, 0, 1) + (hashString(`deployed:${l.origin_key}:${l.address}`) % (730 * 86400)) * 1000;
  return new Date(t).toISOString().slice(0, 19).replace('T', ' ');
}

function csvRow(l: DevnetLabel): string {
  const chainId = DEVNET_CHAIN_SPECS.find((s) => s.origin_key === l.origin_key)!.evm_chain_id;
  const v: Record<(typeof OLI_CSV_COLUMNS)[number], string> = {
    address: l.address,
    chain_id: `eip155:${chainId}`,
    is_eoa: 'false',
    is_contract: 'true',
    is_factory_contract: l.is_factory ? 'true' : '',
    is_proxy: '',
    is_safe_contract: '',
    contract_name: l.contract_name,
    deployment_tx: `0x${sha('deployment', l.origin_key, l.address)}`,
    deployer_address: `0x${sha('deployer', l.owner_project).slice(0, 40)}`,
    owner_project: l.owner_project,
    deployment_date: deploymentDate(l),
    erc_type: l.erc20 ? 'erc20' : '',
    'erc20.symbol': l.erc20?.symbol ?? '',
    'erc20.decimals': l.erc20 ? String(l.erc20.decimals) : '',
    'erc721.name': '',
    'erc721.symbol': '',
    'erc1155.name': '',
    'erc1155.symbol': '',
    usage_category: l.usage_category,
    version: '',
    audit: '',
    contract_monitored: '',
    source_code_verified: l.verified === null ? '' : String(l.verified),
  };
  return OLI_CSV_COLUMNS.map((c) => csvField(v[c])).join(',');
}

/** The label CSV's text. */
export function devnetLabelsCsv(labels: readonly DevnetLabel[] = DEVNET_LABELS, chains?: readonly string[]): string {
  const rows = labels.filter((l) => !chains || chains.includes(l.origin_key)).map(csvRow);
  return `${OLI_CSV_COLUMNS.join(',')}\n${rows.join('\n')}\n`;
}

/**
 * Writes `labels.csv`, `projects/<owner_project>.yaml` and `projects-overlay.yaml` into `dir`
 * (created if needed; YAML files of projects that no longer exist are removed) and returns
 * their paths.
 */
export function writeDevnetAppFiles(dir: string, opts: AppFilesOptions = {}): DevnetAppFiles {
  const projectsDir = join(dir, 'projects');
  mkdirSync(projectsDir, { recursive: true });
  const labelsCsv = join(dir, 'labels.csv');
  writeFileSync(labelsCsv, devnetLabelsCsv(DEVNET_LABELS, opts.chains));
  const names = new Set<string>();
  for (const p of devnetOssProjects()) {
    names.add(`${p.name}.yaml`);
    writeFileSync(join(projectsDir, `${p.name}.yaml`), stringify(p));
  }
  for (const f of readdirSync(projectsDir)) if (f.endsWith('.yaml') && !names.has(f)) rmSync(join(projectsDir, f));
  const overlay = join(dir, 'projects-overlay.yaml');
  const header = '# Operator overlay for the devnet project directory: what OSS Directory files lack.\n';
  // The overlay format keys its entries under `projects:` (src/sources/projects/overlay.ts).
  writeFileSync(overlay, header + stringify({ projects: devnetOverlay() }));
  return { labelsCsv, projectsDir, overlay };
}
