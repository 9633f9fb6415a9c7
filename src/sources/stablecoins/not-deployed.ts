// Why a contract answered `totalSupply()` with no data (`0x`) at a block. An eth_call to an
// address without code succeeds with empty output, so a stablecoin configured before its
// deployment (or at a wrong address) answers `0x` at every day before it exists; retrying cannot
// change that, and reading it as a supply of 0 would publish a market cap that was never
// measured. The code at that same block (eth_getCode, one batch for the day's empty answers)
// tells "not deployed at that day" from a contract that has code but no totalSupply() value.
import type { RpcClient } from '../../rpc/client.js';

/** One contract the sampler reads per day. */
export interface SampledContract {
  symbol: string;
  /** Lower case. */
  address: string;
  decimals: number;
  /** The chain token's contract (fdv's supply), not a stablecoin. */
  token: boolean;
}

/** For each contract (by address), why it gave no value at `block`: the gap's reason. */
export async function emptyAnswerReasons(client: RpcClient, contracts: readonly SampledContract[], block: number, signal?: AbortSignal): Promise<Map<string, string>> {
  const tag = `0x${block.toString(16)}`;
  const codes = await client.batch(
    contracts.map((c) => ({ method: 'eth_getCode', params: [c.address, tag], validate: hexData(`code of ${c.symbol}`) })),
    signal,
  );
  return new Map(
    contracts.map((c, i) => [
      c.address,
      codes[i] === '0x'
        ? `${c.symbol} ${c.address} has no code at block ${block}: not deployed at that day`
        : `${c.symbol} ${c.address} has code at block ${block} but answers totalSupply() with no data`,
    ]),
  );
}

function hexData(what: string): (r: unknown) => string {
  return (r) => {
    if (typeof r !== 'string' || !/^0x(?:[0-9a-fA-F]{2})*$/.test(r)) throw new Error(`${what}: expected hex data, got ${JSON.stringify(r).slice(0, 80)}`);
    return r;
  };
}
