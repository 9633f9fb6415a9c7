// Blocks, transactions and receipts as a real node writes them: hex quantities, lower-case
// addresses, family-specific fields (OP Stack deposits and l1Fee, Arbitrum gasUsedForL1).
// Serialization builds strings directly (no intermediate objects) and the result is memoized
// on the block model, so a batch asking for a block and its receipts generates each once.
import { addToBloom, bloomHex, ZERO_BLOOM } from './bloom.js';
import { GAS_PER_BLOB, type BlockModel, type TxModel } from './block-model.js';
import type { DevnetChainSpec } from './chains.js';
import { Rng } from './prng.js';

const EMPTY_UNCLES = '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347';
const EMPTY_TRIE = '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421';
/** Ethereum mainnet genesis, for the L1 block numbers Arbitrum blocks refer to. */
const ETH_GENESIS_S = 1438269973;

export const q = (n: number): string => `0x${n.toString(16)}`;

/** The block fields every transaction, receipt and log repeats; built once per block. */
function blockRef(b: BlockModel): string {
  return `"blockHash":"${b.hash}","blockNumber":"${q(b.number)}"`;
}

/** A transaction's own bloom, computed once (the header and the receipt both need it). */
function txBloom(tx: TxModel): Uint8Array {
  if (tx.bloom === null) {
    const bits = new Uint8Array(256);
    for (const log of tx.logs ?? []) {
      addToBloom(bits, log.address);
      for (const t of log.topics) addToBloom(bits, t);
    }
    tx.bloom = bits;
  }
  return tx.bloom;
}

/** Versioned hashes of a blob transaction's blobs (version byte 0x01, then drawn bytes). */
function blobHashes(tx: TxModel): string {
  const r = new Rng(tx.sigSeed ^ 0x0b10b);
  return Array.from({ length: tx.blobGasUsed / GAS_PER_BLOB }, () => `"0x01${r.hex(8).slice(2)}"`).join(',');
}

/** Per-chain constants of serialization. */
export class ChainJson {
  readonly chainIdHex: string;
  private readonly family: DevnetChainSpec['family'];
  private readonly postCancun: boolean;

  constructor(private readonly spec: DevnetChainSpec) {
    this.chainIdHex = q(spec.evm_chain_id);
    this.family = spec.family;
    this.postCancun = spec.family === 'ethereum' || spec.family === 'op';
  }

  block(b: BlockModel, full: boolean): string {
    if (full) {
      const ref = blockRef(b);
      return this.header(b, b.txs.map((tx) => this.tx(b, tx, ref)).join(','));
    }
    return (b.hashesJson ??= this.header(b, b.txs.map((tx) => `"${tx.hash}"`).join(',')));
  }

  receipts(b: BlockModel): string {
    return `[${(b.receiptJson ?? this.receiptList(b)).join(',')}]`;
  }

  /** One receipt; the block's receipts are kept after the first (per-transaction fallback). */
  receipt(b: BlockModel, index: number): string {
    return (b.receiptJson ??= this.receiptList(b))[index];
  }

  tx(b: BlockModel, tx: TxModel, ref = blockRef(b)): string {
    let s = `{${ref},"from":"${tx.from}","gas":"${q(tx.gas)}","gasPrice":"${q(tx.gasPrice)}",`;
    if (tx.type === 2 || tx.type === 3) s += `"maxFeePerGas":"${q(tx.maxFee)}","maxPriorityFeePerGas":"${q(tx.maxPriority)}",`;
    if (tx.type === 3) s += `"maxFeePerBlobGas":"${q(tx.maxFeePerBlobGas)}","blobVersionedHashes":[${blobHashes(tx)}],`;
    s += `"hash":"${tx.hash}","input":"${tx.input()}","nonce":"${q(tx.nonce)}","to":${tx.to === null ? 'null' : `"${tx.to}"`},"transactionIndex":"${q(tx.index)}","value":"${tx.value}","type":"${q(tx.type)}",`;
    if (tx.type === 0x7e) {
      const r = new Rng(tx.sigSeed);
      return `${s}"sourceHash":"0x${r.hex(8)}","mint":"${tx.mint}","isSystemTx":false,"depositReceiptVersion":"0x1","v":"0x0","r":"0x0","s":"0x0"}`;
    }
    if (tx.type === 0x6a) return `${s}"chainId":"${this.chainIdHex}","v":"0x0","r":"0x0","s":"0x0"}`;
    const r = new Rng(tx.sigSeed);
    const parity = tx.sigSeed & 1;
    const sig = `"r":"0x${r.hex(8)}","s":"0x${r.hex(8)}"`;
    if (tx.type === 2 || tx.type === 3) return `${s}"accessList":[],"chainId":"${this.chainIdHex}","v":"${q(parity)}",${sig},"yParity":"${q(parity)}"}`;
    // EIP-155 legacy signature: v = chainId·2 + 35 + parity.
    return `${s}"chainId":"${this.chainIdHex}","v":"${q(this.spec.evm_chain_id * 2 + 35 + parity)}",${sig}}`;
  }

  /** Block logs bloom: the union of its receipts' blooms. */
  logsBloom(b: BlockModel): string {
    if (b.logsBloom !== null) return b.logsBloom;
    let bloom: Uint8Array | null = null;
    for (const tx of b.txs) {
      if (!tx.logs) continue;
      bloom ??= new Uint8Array(256);
      const own = txBloom(tx);
      for (let i = 0; i < 256; i++) bloom[i] |= own[i];
    }
    return (b.logsBloom = bloom ? bloomHex(bloom) : ZERO_BLOOM);
  }

  private header(b: BlockModel, txs: string): string {
    const roots = new Rng(b.rootSeed);
    const stateRoot = `0x${roots.hex(8)}`;
    const mixHash = `0x${roots.hex(8)}`;
    const txRoot = b.txs.length === 0 ? EMPTY_TRIE : `0x${roots.hex(8)}`;
    const receiptsRoot = b.txs.length === 0 ? EMPTY_TRIE : `0x${roots.hex(8)}`;
    let size = 540;
    for (const tx of b.txs) size += tx.inputBytes() + 110;
    let s =
      `{"baseFeePerGas":"${q(b.baseFee)}","difficulty":"0x0","extraData":"0x","gasLimit":"${q(b.gasLimit)}","gasUsed":"${q(b.gasUsed)}",` +
      `"hash":"${b.hash}","logsBloom":"${this.logsBloom(b)}","miner":"${b.miner}","mixHash":"${mixHash}","nonce":"0x0000000000000000",` +
      `"number":"${q(b.number)}","parentHash":"${b.parentHash}","receiptsRoot":"${receiptsRoot}","sha3Uncles":"${EMPTY_UNCLES}",` +
      `"size":"${q(size)}","stateRoot":"${stateRoot}","timestamp":"${q(b.timestamp)}","totalDifficulty":"0x0",` +
      `"transactions":[${txs}],"transactionsRoot":"${txRoot}","uncles":[]`;
    if (this.postCancun) {
      s += `,"withdrawals":[],"withdrawalsRoot":"${EMPTY_TRIE}","blobGasUsed":"${q(b.blobGasUsed)}","excessBlobGas":"0x0","parentBeaconBlockRoot":"0x${roots.hex(8)}"`;
    } else if (this.family === 'arbitrum') {
      s += `,"l1BlockNumber":"${q(Math.floor((b.timestamp - ETH_GENESIS_S) / 12))}","sendCount":"${q(b.number >>> 4)}","sendRoot":"0x${roots.hex(8)}"`;
    }
    return `${s}}`;
  }

  private receiptList(b: BlockModel): string[] {
    const out: string[] = new Array(b.txs.length);
    const ref = blockRef(b);
    let cumulative = 0;
    let logIndex = 0;
    for (let i = 0; i < b.txs.length; i++) {
      const tx = b.txs[i];
      cumulative += tx.gasUsed;
      let logs = '';
      let bloom = ZERO_BLOOM;
      if (tx.logs) {
        const parts: string[] = [];
        for (const log of tx.logs) {
          parts.push(
            `{"address":"${log.address}","topics":["${log.topics.join('","')}"],"data":"${log.data}",${ref},` +
              `"transactionHash":"${tx.hash}","transactionIndex":"${q(i)}","logIndex":"${q(logIndex++)}","removed":false}`,
          );
        }
        logs = parts.join(',');
        bloom = bloomHex(txBloom(tx));
      }
      let s =
        `{${ref},"contractAddress":${tx.contractAddress === null ? 'null' : `"${tx.contractAddress}"`},"cumulativeGasUsed":"${q(cumulative)}",` +
        `"effectiveGasPrice":"${q(tx.effectiveGasPrice)}","from":"${tx.from}","gasUsed":"${q(tx.gasUsed)}","logs":[${logs}],"logsBloom":"${bloom}",` +
        `"status":"${q(tx.status)}","to":${tx.to === null ? 'null' : `"${tx.to}"`},"transactionHash":"${tx.hash}","transactionIndex":"${q(i)}","type":"${q(tx.type)}"`;
      if (tx.type === 3) s += `,"blobGasUsed":"${q(tx.blobGasUsed)}","blobGasPrice":"${q(tx.blobGasPrice)}"`;
      if (this.family === 'op') {
        if (tx.type === 0x7e) s += `,"depositNonce":"${q(tx.nonce)}","depositReceiptVersion":"0x1"`;
        else s += `,"l1Fee":"${q(tx.l1Fee)}","l1GasPrice":"${q(tx.l1GasPrice)}","l1GasUsed":"${q(tx.l1GasUsed)}","l1FeeScalar":"0.684"`;
      } else if (this.family === 'arbitrum') {
        s += `,"gasUsedForL1":"${q(tx.gasUsedForL1)}","l1BlockNumber":"${q(Math.floor((b.timestamp - ETH_GENESIS_S) / 12))}"`;
      }
      out[i] = `${s}}`;
    }
    return out;
  }
}
