import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  DEVNET_APP_CASES,
  DEVNET_APPS,
  DEVNET_CHAIN_SPECS,
  DEVNET_EXTRA_PROJECTS,
  DEVNET_PRICE_ASSETS,
  writeDevnetAppFiles,
  type DevnetAppFiles,
} from '../../src/devnet/index.js';
import { isUsageCategory } from '../../src/registry/categories.js';
import { loadSchemas, validate } from './json-schema-subset.js';

/** The header of OLI's label export, copied from its example file (../shared/data/oli/example-labels.csv). */
const OLI_HEADER =
  'address,chain_id,is_eoa,is_contract,is_factory_contract,is_proxy,is_safe_contract,contract_name,deployment_tx,deployer_address,owner_project,deployment_date,erc_type,erc20.symbol,erc20.decimals,erc721.name,erc721.symbol,erc1155.name,erc1155.symbol,usage_category,version,audit,contract_monitored,source_code_verified';

const SCHEMA_DIR = join(import.meta.dirname, 'fixtures', 'oss-directory-schema');

describe('devnet application files', () => {
  let dir: string;
  let files: DevnetAppFiles;
  let rows: Array<Record<string, string>>;
  const chainOf = new Map(DEVNET_CHAIN_SPECS.map((s) => [`eip155:${s.evm_chain_id}`, s.origin_key]));

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'devnet-apps-'));
    files = writeDevnetAppFiles(dir);
    const [header, ...lines] = readFileSync(files.labelsCsv, 'utf8').trimEnd().split('\n');
    expect(header).toBe(OLI_HEADER);
    const cols = header.split(',');
    // No field of the devnet's labels needs quoting, so a plain split reads them.
    rows = lines.map((l) => {
      const v = l.split(',');
      expect(v).toHaveLength(cols.length);
      return Object.fromEntries(cols.map((c, i) => [c, v[i]]));
    });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const projectNames = (): string[] => readdirSync(files.projectsDir).map((f) => f.replace(/\.yaml$/, '')).sort();

  it('writes OLI label rows a label import accepts', () => {
    expect(rows.length).toBeGreaterThan(250);
    const seen = new Set<string>();
    const names = projectNames();
    for (const r of rows) {
      expect(chainOf.has(r.chain_id), r.chain_id).toBe(true);
      expect(r.address).toMatch(/^0x[0-9a-f]{40}$/);
      expect(isUsageCategory(r.usage_category), r.usage_category).toBe(true);
      expect(names).toContain(r.owner_project);
      expect(['true', 'false', '']).toContain(r.source_code_verified);
      expect(r.is_contract).toBe('true');
      expect(r.deployment_date).toMatch(/^202[34]-\d\d-\d\d \d\d:\d\d:\d\d$/);
      const key = `${r.chain_id}:${r.address}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
    const flags = new Set(rows.map((r) => r.source_code_verified));
    expect(flags).toEqual(new Set(['true', 'false', '']));
    const usdc = rows.find((r) => r.contract_name === 'USDC')!;
    expect([usdc.erc_type, usdc['erc20.symbol'], usdc['erc20.decimals']]).toEqual(['erc20', 'USDC', '6']);
  });

  it('labels every deployed application contract except the deliberate cases', () => {
    const labeled = new Map(rows.map((r) => [`${chainOf.get(r.chain_id)}:${r.address}`, r]));
    const { fallback, disagreement } = DEVNET_APP_CASES;
    for (const a of DEVNET_APPS) {
      for (const c of a.contracts) {
        const r = labeled.get(`${c.origin_key}:${c.address}`);
        if (c.address === fallback.address) expect(!!r).toBe(fallback.labeledOn.includes(c.origin_key));
        else if (c.address === disagreement.address) expect(r?.owner_project ?? null).toBe(disagreement.labels[c.origin_key] ?? null);
        else expect([r?.owner_project, r?.contract_name, r?.usage_category]).toEqual([a.owner_project, c.contract_name, a.usage_category]);
      }
    }
    // The disagreement: two chains name different projects, the others are deployed without a label.
    expect(new Set(Object.values(disagreement.labels)).size).toBe(2);
    for (const k of disagreement.unlabeledOn) {
      expect(DEVNET_APPS.some((a) => a.contracts.some((c) => c.origin_key === k && c.address === disagreement.address))).toBe(true);
    }
    // The fallback: the same address is deployed on chains without a label.
    expect(DEVNET_APPS.flatMap((a) => a.contracts).filter((c) => c.address === fallback.address).length).toBeGreaterThan(fallback.labeledOn.length);
    // Label-only projects: dormant on two chains, one-chain and some-days projects on their chain only.
    const chainsOf = (p: string): string[] => [...new Set(rows.filter((r) => r.owner_project === p).map((r) => chainOf.get(r.chain_id)!))].sort();
    expect(chainsOf(DEVNET_APP_CASES.dormant.owner_project)).toEqual([...DEVNET_APP_CASES.dormant.chains].sort());
    expect(chainsOf(DEVNET_APP_CASES.oneChain.owner_project)).toEqual([DEVNET_APP_CASES.oneChain.origin_key]);
    expect(chainsOf(DEVNET_APP_CASES.someDays.owner_project)).toEqual([DEVNET_APP_CASES.someDays.origin_key]);
    expect(chainsOf(DEVNET_APP_CASES.directoryOnly.owner_project)).toEqual([]);
  });

  it('writes one OSS Directory file per project, valid against the OSS Directory schema', () => {
    const schemas = loadSchemas(SCHEMA_DIR);
    const expected = [...DEVNET_APPS.map((a) => a.owner_project), ...DEVNET_EXTRA_PROJECTS.map((p) => p.owner_project)].sort();
    expect(projectNames()).toEqual(expected);
    let withRepo = 0;
    let withoutGithub = 0;
    for (const name of expected) {
      const p = parse(readFileSync(join(files.projectsDir, `${name}.yaml`), 'utf8'));
      expect(validate(schemas, schemas.get('project.json')!, p), name).toEqual([]);
      expect(p.name).toBe(name);
      expect(typeof p.display_name).toBe('string');
      if (!p.github) withoutGithub++;
      else if (/github\.com\/[^/]+\/[^/]+$/.test(p.github[0].url)) withRepo++;
    }
    expect(withRepo).toBeGreaterThan(0);
    expect(withoutGithub).toBeGreaterThan(0);
    // The validator is not vacuous: a wrong network and a missing name fail.
    const bad = { version: 1, display_name: 'x', blockchain: [{ address: '0x1', tags: ['contract'], networks: ['ethereum'] }], social: { x: [] } };
    expect(validate(schemas, schemas.get('project.json')!, bad)).toHaveLength(3);
  });

  it('writes an overlay with logo, token and features for every project; tokens are in the price feed', () => {
    const overlay = (parse(readFileSync(files.overlay, 'utf8')) as { projects: Record<string, any> }).projects;
    expect(Object.keys(overlay).sort()).toEqual(projectNames());
    for (const a of DEVNET_APPS) {
      const o = overlay[a.owner_project];
      expect(Object.keys(o).sort()).toEqual(['features', 'logo_path', 'market_data_id', 'token_symbol']);
      expect(o.token_symbol).toBe(a.token?.symbol ?? null);
      expect(o.market_data_id).toBe(a.token?.coingecko_id ?? null);
      if (o.market_data_id) expect(DEVNET_PRICE_ASSETS).toContain(o.market_data_id);
      expect(Array.isArray(o.features)).toBe(true);
      // Where the directory names the CoinGecko id too, both agree.
      const p = parse(readFileSync(join(files.projectsDir, `${a.owner_project}.yaml`), 'utf8'));
      if (p.token_coingecko_api_id) expect(p.token_coingecko_api_id).toBe(a.token?.coingecko_id);
    }
    const tokens = DEVNET_APPS.filter((a) => a.token);
    const inDirectory = tokens.filter((a) => parse(readFileSync(join(files.projectsDir, `${a.owner_project}.yaml`), 'utf8')).token_coingecko_api_id);
    expect(inDirectory.length).toBeGreaterThan(0);
    expect(inDirectory.length).toBeLessThan(tokens.length);
  });

  it('rewrites the same bytes and removes project files that are no longer part of the devnet', () => {
    const before = readFileSync(files.labelsCsv, 'utf8');
    writeFileSync(join(files.projectsDir, 'gone.yaml'), 'version: 1\nname: gone\ndisplay_name: Gone\n');
    const again = writeDevnetAppFiles(dir);
    expect(again).toEqual(files);
    expect(readFileSync(again.labelsCsv, 'utf8')).toBe(before);
    expect(projectNames()).not.toContain('gone');
    const subset = writeDevnetAppFiles(join(dir, 'subset'), { chains: ['base'] });
    const lines = readFileSync(subset.labelsCsv, 'utf8').trimEnd().split('\n').slice(1);
    expect(lines.length).toBe(rows.filter((r) => chainOf.get(r.chain_id) === 'base').length);
  });
});
