// How large a node's answer to one HTTP exchange may be, sized from what it asks: a call that
// returns a block's content (the block with its transactions, its receipts, a transaction's
// receipt) may use the whole ceiling, the largest answer a block with its receipts is allowed
// (max_answer_mb.rpc, docs/configuration.md); any other call (chain id, block number, a header
// with its transaction hashes, eth_call, eth_getCode) answers in far less than SMALL_ANSWER_BYTES.
// A batch's cap is the sum over its calls, never above the ceiling: what one exchange holds in
// memory stays under it, and a batch of dense blocks that needs more is asked again in halves
// (client.ts), each half with its own cap, like a batch the node rejects.
import { formatBytes, MIB } from './capped-body.js';

/** The ceiling when the caller sets none: a block with its receipts on today's busiest chains fits. */
export const DEFAULT_MAX_ANSWER_BYTES = 64 * MIB;

/** Budget of a call that returns no block content: 1 MiB holds a header listing ~15 000 transaction hashes. */
export const SMALL_ANSWER_BYTES = MIB;

export interface AnswerCap {
  bytes: number;
  /** The calls' own budgets add up to more than the ceiling: fewer calls at once get more room each. */
  splittable: boolean;
  /** The calls, for messages: "eth_chainId", "50 calls (eth_getBlockByNumber, …)". */
  what: string;
}

/** True for calls whose answer grows with a block's content. */
export function isBlockSized(call: { method: string; params: readonly unknown[] }): boolean {
  switch (call.method) {
    case 'eth_getBlockReceipts':
    case 'eth_getTransactionReceipt':
      return true;
    case 'eth_getBlockByNumber':
    case 'eth_getBlockByHash':
      return call.params[1] === true; // with full transactions
    default:
      return false;
  }
}

export function answerCap(calls: ReadonlyArray<{ method: string; params: readonly unknown[] }>, ceiling: number): AnswerCap {
  let sum = 0;
  for (const c of calls) sum += isBlockSized(c) ? ceiling : SMALL_ANSWER_BYTES;
  const what = calls.length === 1 ? calls[0]!.method : `${calls.length} calls (${calls[0]?.method ?? ''}, …)`;
  return { bytes: Math.min(sum, ceiling), splittable: calls.length > 1 && sum > ceiling, what };
}

/** "1 MiB, the cap for eth_chainId": how messages state which cap an answer passed. */
export function describeCap(cap: AnswerCap): string {
  return `${formatBytes(cap.bytes)}, the cap for ${cap.what}`;
}
