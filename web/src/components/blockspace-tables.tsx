// The tables both blockspace pages draw from a chain object of CONTRACT.md 10.5 (the per-chain
// document, or one chain of /v1/blockspace/overview.json): what each main category took of the
// chain's fees and transactions over a window, and the window's top contracts of a category.
import { unitFor, type BlockspaceChain, type Master, type TypedTable } from '../documents.js';
import { formatCount, formatPercent, formatValue, type Unit } from '../format.js';
import { href, setQuery } from '../route.js';
import { FigureCell } from './figure-cell.js';
import { Source } from './source.js';

export const WINDOW_NAMES: Record<string, string> = { '1d': '1 day', '7d': '7 days', '30d': '30 days', '90d': '90 days', '180d': '180 days', '365d': '365 days', max: 'All' };

/** For a master.json without the fees metric (a catalog without it). */
const FALLBACK_MONEY: Record<'usd' | 'eth', Unit> = {
  usd: { currency: true, prefix: '$', suffix: null, decimals: 2, decimals_tooltip: 2, agg: true, agg_tooltip: false },
  eth: { currency: true, prefix: 'Ξ', suffix: null, decimals: 4, decimals_tooltip: 4, agg: true, agg_tooltip: false },
};

/** Fees as master.json's fees metric shows them (USD with a "$", ETH with a "Ξ"). */
export function moneyUnit(master: Master, currency: 'usd' | 'eth'): Unit {
  const fees = master.metrics.fees;
  return fees ? unitFor(fees.units, currency)[1] : FALLBACK_MONEY[currency];
}

/** The windows of a chain object, in the document's order ("1d", "7d", …, "max"). */
export function blockspaceWindows(chain: BlockspaceChain): string[] {
  return Object.keys(chain.overview).filter((k) => k !== 'types');
}

/** A window's figures of one category: the six numbers, or null when it had nothing (`{}`). */
export function categoryFigures(chain: BlockspaceChain, window: string, category: string): Record<string, number | null> | null {
  const node = (chain.overview[window] as Record<string, { data?: (number | null)[] }> | undefined)?.[category];
  if (node?.data === undefined) return null;
  return Object.fromEntries(chain.overview.types.map((t, i) => [t, node.data![i] ?? null]));
}

/** A window's top contracts of one category, when the document carries them. */
export function categoryContracts(chain: BlockspaceChain, window: string, category: string): TypedTable | null {
  const node = (chain.overview[window] as Record<string, { contracts?: TypedTable }> | undefined)?.[category];
  return node?.contracts ?? null;
}

/** The window's totals: fees in ETH and USD and transactions. */
export function windowTotals(chain: BlockspaceChain, window: string): Record<string, number | null> {
  const node = chain.totals[window] as { data?: (number | null)[] } | undefined;
  return Object.fromEntries(chain.totals.types.map((t, i) => [t, node?.data?.[i] ?? null]));
}

/** The main categories in the document's order (every one of master.json is a key). */
export function blockspaceCategories(chain: BlockspaceChain, window: string): string[] {
  return Object.keys((chain.overview[window] as Record<string, unknown> | undefined) ?? {});
}

export function CategoryTable({ chain, window, currency, master, money }: { chain: BlockspaceChain; window: string; currency: 'usd' | 'eth'; master: Master; money: Unit }) {
  const totals = windowTotals(chain, window);
  const names = master.blockspace_categories.main_categories;
  return (
    <div class="scroll">
      <table class="data blockspace-categories" data-window={window} data-currency={currency}>
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col" class="num">Fees paid</th>
            <th scope="col" class="num">Share of fees</th>
            <th scope="col" class="num">Transactions</th>
            <th scope="col" class="num">Share of transactions</th>
          </tr>
        </thead>
        <tbody>
          {blockspaceCategories(chain, window).map((category) => {
            const f = categoryFigures(chain, window, category);
            const fees = f?.[`gas_fees_${currency}_absolute`] ?? null;
            const feeShare = f?.[`gas_fees_share_${currency}`] ?? null;
            const txcount = f?.txcount_absolute ?? null;
            const txShare = f?.txcount_share ?? null;
            return (
              <tr key={category} data-category={category}>
                <th scope="row">{names[category] ?? category}</th>
                <FigureCell figure="fees" value={fees} text={formatValue(fees, money)} />
                <FigureCell figure="fee_share" value={feeShare} text={formatPercent(feeShare)} />
                <FigureCell figure="txcount" value={txcount} text={formatCount(txcount)} />
                <FigureCell figure="txcount_share" value={txShare} text={formatPercent(txShare)} />
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr data-category="total">
            <th scope="row">All categories</th>
            <FigureCell figure="fees" value={totals[`gas_fees_${currency}_absolute`]} text={formatValue(totals[`gas_fees_${currency}_absolute`] ?? null, money)} />
            <td />
            <FigureCell figure="txcount" value={totals.txcount_absolute} text={formatCount(totals.txcount_absolute ?? null)} />
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function BlockspaceContracts({ contracts, currency, master, money }: { contracts: TypedTable; currency: 'usd' | 'eth'; master: Master; money: Unit }) {
  const col = (name: string): number => contracts.types.indexOf(name);
  const subs = master.blockspace_categories.sub_categories;
  return (
    <div class="scroll">
      <table class="data blockspace-contracts">
        <thead>
          <tr>
            <th scope="col">Contract</th>
            <th scope="col">Application</th>
            <th scope="col">Chain</th>
            <th scope="col">Subcategory</th>
            <th scope="col" class="num">Fees paid</th>
            <th scope="col" class="num">Transactions</th>
          </tr>
        </thead>
        <tbody>
          {contracts.data.map((r) => {
            const address = String(r[col('address')]);
            const chain = String(r[col('chain')]);
            const project = r[col('project_name')] as string | null;
            const fees = (r[col(`gas_fees_absolute_${currency}`)] as number | null) ?? null;
            const txcount = (r[col('txcount_absolute')] as number | null) ?? null;
            const sub = String(r[col('sub_category_key')] ?? '');
            return (
              <tr key={`${chain}-${address}`} data-address={address} data-chain={chain}>
                <th scope="row">
                  {String(r[col('name')] ?? '') || 'unnamed'}
                  <div class="mono small muted">{address}</div>
                </th>
                <td>{project ? <a href={href(['app', project])}>{project}</a> : '–'}</td>
                <td>{master.chains[chain]?.name ?? chain}</td>
                <td>{subs[sub] ?? sub}</td>
                <FigureCell figure="fees" value={fees} text={formatValue(fees, money)} />
                <FigureCell figure="txcount" value={txcount} text={formatCount(txcount)} />
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The window's top contracts of one category (`?cat=`, default the first with any), with the
 * category select and the source line; a sentence when no category has contracts in the window.
 */
export function TopContracts({ chain, window, picked, currency, master, money, source }: { chain: BlockspaceChain; window: string; picked: string; currency: 'usd' | 'eth'; master: Master; money: Unit; source: string }) {
  const withContracts = blockspaceCategories(chain, window).filter((c) => (categoryContracts(chain, window, c)?.data.length ?? 0) > 0);
  const category = withContracts.includes(picked) ? picked : withContracts[0];
  const contracts = category === undefined ? null : categoryContracts(chain, window, category);
  if (category === undefined || contracts === null) return <p>No contract had transactions in this window.</p>;
  return (
    <div data-part="contracts" data-category={category}>
      <div class="controls">
        <label>
          Category{' '}
          <select value={category} onChange={(e) => setQuery({ cat: (e.target as HTMLSelectElement).value })}>
            {withContracts.map((c) => (
              <option key={c} value={c}>
                {master.blockspace_categories.main_categories[c] ?? c}
              </option>
            ))}
          </select>
        </label>
      </div>
      <BlockspaceContracts contracts={contracts} currency={currency} master={master} money={money} />
      <Source docs={[source]} />
    </div>
  );
}
