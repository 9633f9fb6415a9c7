// What the reference frontend shows of the live stream, read from its DOM (CONTRACT.md 12.9
// check 1): the chain page's Realtime cards (TPS, transaction cost) and the ecosystem page's TPS
// card (total, chain list, chart) and Token Transfer Fees rows. The cards are found by their
// visible headings, the numbers by the text the frontend prints; the TPS chart is a canvas, read
// by counting the pixels of its bar colour.
import type { BrowserContext, Page } from 'playwright-core';

/**
 * tsx compiles this file with esbuild's keepNames, which wraps the named functions inside the
 * reads below in a `__name(fn, "name")` helper that exists only in Node: the page gets an
 * identity one before any of its scripts run.
 */
export async function allowPageReads(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: 'globalThis.__name = globalThis.__name || ((fn) => fn);' });
}

export interface ChainPageRead {
  /** The "Realtime" divider: the page has a live figure for the chain (12.4: data not null). */
  realtime: boolean;
  /** The TPS card's current figure as printed ("0.5"), or null without the card. */
  tps: string | null;
  /** The TPS card's text, one line per visible line. */
  tpsCard: string[];
  /** The transaction-cost card's text, or null when the page hides it (no cost > 0, 12.3). */
  costCard: string[] | null;
}

export interface EcosystemPageRead {
  /** The TPS card's total as printed ("2.3"), or null without the card. */
  totalTps: string | null;
  /** The chains the TPS card lists (link texts). */
  tpsList: string[];
  /** Pixels of the TPS chart's bar colour: > 0 once the chart draws a bar. */
  chartBarPixels: number;
  /** The two Token Transfer Fees rows as printed ("$0.0012"), null for a row that is missing. */
  feeEthereum: string | null;
  feeLayer2s: string | null;
  /** The chains the fee card lists. */
  feeList: string[];
}

export function readChainPage(page: Page): Promise<ChainPageRead> {
  return page.evaluate(() => {
    const leaf = (text: string): HTMLElement | undefined =>
      [...document.querySelectorAll<HTMLElement>('div')].find((d) => d.childElementCount === 0 && d.textContent?.trim() === text);
    const lines = (el: HTMLElement): string[] => el.innerText.split('\n').map((l) => l.trim()).filter((l) => l !== '');
    const tpsCard = leaf('Transactions Per Second')?.closest<HTMLElement>('[class*="min-h-[146px]"]') ?? null;
    const costCard = leaf('Transaction Cost')?.closest<HTMLElement>('[class*="min-h-[86px]"]') ?? null;
    return {
      realtime: leaf('Realtime') !== undefined,
      tps: tpsCard?.querySelector<HTMLElement>('.numbers-2xl')?.innerText.trim() ?? null,
      tpsCard: tpsCard ? lines(tpsCard) : [],
      costCard: costCard ? lines(costCard) : null,
    };
  });
}

export function readEcosystemPage(page: Page): Promise<EcosystemPageRead> {
  return page.evaluate(() => {
    const leaf = (text: string): HTMLElement | undefined =>
      [...document.querySelectorAll<HTMLElement>('div')].find((d) => d.childElementCount === 0 && d.textContent?.trim() === text);
    /** The nearest ancestor whose text also holds `marker`: the card around a heading. */
    const cardOf = (el: HTMLElement | undefined, marker: string): HTMLElement | null => {
      for (let p = el?.parentElement ?? null; p !== null; p = p.parentElement) if (p.innerText.includes(marker)) return p;
      return null;
    };
    const links = (el: HTMLElement | null): string[] => (el ? [...el.querySelectorAll<HTMLElement>('a[href^="/chains/"]')].map((a) => a.innerText.trim()) : []);
    const tpsCard = cardOf(leaf('Ethereum Ecosystem TPS'), 'All Chains');
    const feeCard = cardOf(leaf('Token Transfer Fees'), 'Layer 2 Chains');
    // The bars are a turquoise gradient (#10808c to #1df7ef); nothing else in the card is.
    let chartBarPixels = 0;
    for (const canvas of tpsCard ? [...tpsCard.querySelectorAll('canvas')] : []) {
      const ctx = canvas.getContext('2d');
      if (ctx === null || canvas.width === 0 || canvas.height === 0) continue;
      const px = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 0; i < px.length; i += 4) if (px[i + 3] > 0 && px[i] < 90 && px[i + 1] > 100 && px[i + 2] > 100) chartBarPixels++;
    }
    // A row's title is the div's own text: "Layer 2s" shares its div with the hover hint (a child
    // div), so matching whole leaf divs missed it while "Ethereum L1" (a leaf) was found.
    const ownText = (d: HTMLElement): string => [...d.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent ?? '').join('').trim();
    const feeRow = (title: string): string | null => {
      const row = feeCard ? [...feeCard.querySelectorAll<HTMLElement>('div')].find((d) => ownText(d) === title && d.offsetParent !== null) : undefined;
      const value = row?.closest<HTMLElement>('.justify-between')?.querySelector<HTMLElement>('.numbers-2xl');
      return value ? value.innerText.replace(/\s+/g, ' ').trim() : null;
    };
    return {
      totalTps: tpsCard?.querySelector<HTMLElement>('.numbers-2xl div')?.innerText.trim() ?? null,
      tpsList: links(tpsCard),
      chartBarPixels,
      feeEthereum: feeRow('Ethereum L1') ?? feeRow('Ethereum Mainnet'),
      feeLayer2s: feeRow('Layer 2s'),
      feeList: links(feeCard),
    };
  });
}
