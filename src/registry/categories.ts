// The blockspace taxonomy (METRICS.md section 5). Usage categories are the OLI `usage_category`
// value set (ids and display names copied from OLI's usage_category.yml, version 1.0, MIT) plus
// the two synthetic categories derived from the transaction itself. The project never reads the
// OLI file at run time: the table below is the definition.

export interface MainCategory {
  id: string;
  name: string;
  /** Usage category ids, in display order. */
  sub: readonly string[];
}

/** Usage category id → display name. */
export const USAGE_CATEGORIES: Readonly<Record<string, string>> = {
  trading: 'Trading',
  cex: 'Centralized Exchange',
  dex: 'Decentralized Exchange',
  lending: 'Lending',
  derivative: 'Derivative Exchange',
  staking: 'Staking',
  index: 'Index',
  rwa: 'Real World Assets',
  insurance: 'Insurance',
  custody: 'Custody',
  yield_vaults: 'Yield Vaults',
  nft_fi: 'NFT Finance',
  nft_marketplace: 'NFT Marketplace',
  non_fungible_tokens: 'Non-Fungible Tokens',
  community: 'Community',
  gambling: 'Gambling',
  prediction_markets: 'Prediction Markets',
  gaming: 'Gaming',
  governance: 'Governance',
  stablecoin: 'Stablecoin',
  fungible_tokens: 'Fungible Tokens',
  erc4337: 'Account Abstraction (ERC4337)',
  inscriptions: 'Inscriptions',
  oracle: 'Oracle',
  depin: 'Decentralized Physical Infrastructure',
  ai: 'AI',
  developer_tools: 'Developer Tool',
  identity: 'Identity',
  privacy: 'Privacy',
  airdrop: 'Airdrop',
  payments: 'Payments',
  donation: 'Donation',
  cybercrime: 'Cybercrime',
  other: 'Others',
  cc_communication: 'Cross-Chain Communication',
  bridge: 'Bridge',
  settlement: 'Settlement & Data Availability',
  // Synthetic: not labels but properties of the transaction (METRICS.md section 5).
  native_transfer: 'Native Transfer',
  contract_deployment: 'Contract Deployment',
  // Transactions to contracts without a label; its own main category.
  unlabeled: 'Unlabeled',
};

export const MAIN_CATEGORIES: readonly MainCategory[] = [
  {
    id: 'finance',
    name: 'Finance',
    sub: ['trading', 'cex', 'dex', 'lending', 'derivative', 'staking', 'index', 'rwa', 'insurance', 'custody', 'yield_vaults', 'payments', 'prediction_markets'],
  },
  { id: 'collectibles', name: 'Collectibles', sub: ['nft_fi', 'nft_marketplace', 'non_fungible_tokens'] },
  { id: 'social', name: 'Social', sub: ['community', 'gambling', 'gaming', 'governance', 'identity'] },
  { id: 'token_transfers', name: 'Token Transfers', sub: ['native_transfer', 'stablecoin', 'fungible_tokens'] },
  {
    id: 'utility',
    name: 'Utility',
    sub: ['erc4337', 'inscriptions', 'oracle', 'depin', 'developer_tools', 'privacy', 'airdrop', 'donation', 'cybercrime', 'other', 'contract_deployment', 'ai'],
  },
  { id: 'cross_chain', name: 'Cross-Chain', sub: ['cc_communication', 'bridge', 'settlement'] },
  { id: 'unlabeled', name: 'Unlabeled', sub: ['unlabeled'] },
];

const MAIN_BY_SUB: ReadonlyMap<string, string> = new Map(MAIN_CATEGORIES.flatMap((m) => m.sub.map((s) => [s, m.id] as const)));

/** Main category id of a usage category id; `undefined` for an id outside the value set. */
export function mainCategoryOf(usageCategory: string): string | undefined {
  return MAIN_BY_SUB.get(usageCategory);
}

export function isUsageCategory(id: string): boolean {
  return Object.hasOwn(USAGE_CATEGORIES, id);
}

/** Display name of a main category id. */
export function mainCategoryName(id: string): string | undefined {
  return MAIN_CATEGORIES.find((m) => m.id === id)?.name;
}

/** master.json `blockspace_categories` (CONTRACT.md section 6). */
export function blockspaceCategories(): {
  main_categories: Record<string, string>;
  sub_categories: Record<string, string>;
  mapping: Record<string, string[]>;
} {
  return {
    main_categories: Object.fromEntries(MAIN_CATEGORIES.map((m) => [m.id, m.name])),
    sub_categories: { ...USAGE_CATEGORIES },
    mapping: Object.fromEntries(MAIN_CATEGORIES.map((m) => [m.id, [...m.sub]])),
  };
}
