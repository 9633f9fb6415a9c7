// A node without historical (archive) state answers eth_call at an old block with an error
// instead of a value. Those errors mean "this node can never answer for that block": the day
// is a gap to report, not a failure to retry every round, and never a supply of 0.
import { JsonRpcError, RpcExhaustedError } from '../../rpc/errors.js';

// Geth/Erigon/Nethermind/Reth and hosted providers word it differently.
const MISSING_STATE = /missing trie node|header not found|historical state|state (is )?not available|state.*(pruned|unavailable)|pruned|archive|old data not available|block not found|unknown block/i;

/** The node's message when `err` says it has no state for the block, else null. */
export function missingStateMessage(err: unknown): string | null {
  const cause = err instanceof RpcExhaustedError ? err.lastError : err;
  if (cause instanceof JsonRpcError && MISSING_STATE.test(cause.rpcMessage)) return cause.rpcMessage.slice(0, 120);
  return null;
}
