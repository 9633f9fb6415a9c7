// What each built-in rollup sends to Ethereum from, and to: public facts, so that rent_paid and
// profit work with only RPC URLs configured (METRICS.md: the fees of the Ethereum transactions
// sent by the chain's batch/settlement addresses). Every address names where it is published;
// test/registry/builtin-chains.test.ts checks each is well formed, unique and sourced.
//
// Roles:
// - batch_poster: the account that posts the chain's transaction data (calldata or blobs);
// - state_proposer: the account that posts state roots, proofs or dispute games;
// - batch_inbox / settlement_contract: where those go. Rent is read by sender only (CONTRACT.md
//   "batch txs"), so these are kept as the record of what the senders post to, not read.
//
// Left out on purpose (docs/configuration.md says why to operators):
// - taiko: a based rollup; anyone may propose blocks, so there is no fixed sender set;
// - polygon_zkevm's trusted aggregator: the rollup manager it proves to serves other Polygon
//   CDK chains too, so its proofs are not this chain's alone; zkEVM rent is its batch postings;
// - arbitrum_nova: its sequencer inbox also accepts Arbitrum One's batch poster (L2BEAT's
//   discovery of 0x211E…c21b), and rent is attributed by sender: the two could not be told apart.
// A chain without an entry has no rent until its settlement_addresses are configured.
import type { ChainSettlementRole, SettlementAddress } from './builtin-data-types.js';

const SUPERCHAIN_REGISTRY = 'https://github.com/ethereum-optimism/superchain-registry/tree/main/superchain/configs/mainnet';
const GROWTHEPIE_ECONOMICS = 'https://github.com/growthepie/gtp-dna/blob/main/economics_da/economics_mapping.yml';
const DUNE_BATCH_SUBMITTERS = 'https://github.com/duneanalytics/spellbook/blob/main/models/addresses/ethereum/addresses_ethereum_l2_batch_submitters.sql';
// The Polygon zkEVM node's mainnet configuration (cdk-erigon; the same file in its forks, e.g. okx/xlayer-erigon).
const CDK_ERIGON_MAINNET = 'https://github.com/0xPolygonHermez/cdk-erigon hermezconfig-mainnet.yaml';
const L2BEAT_DISCOVERY = 'https://github.com/l2beat/l2beat/tree/main/packages/backend/discovery';

const entry = (role: ChainSettlementRole, address: `0x${string}`, source: string): SettlementAddress => ({ role, address, source });

export const BUILTIN_SETTLEMENT_ADDRESSES: Readonly<Record<string, readonly SettlementAddress[]>> = {
  optimism: [
    entry('batch_poster', '0x6887246668a3b87F54DeB3b94Ba47a6f63F32985', `${SUPERCHAIN_REGISTRY}/op.toml (roles.BatchSubmitter)`),
    entry('state_proposer', '0x473300df21D047806A082244b417f96b32f13A33', `${SUPERCHAIN_REGISTRY}/op.toml (roles.Proposer)`),
    entry('state_proposer', '0xD22d93fE3341B7f5837Ce83B57169c10F06FF0e0', `${GROWTHEPIE_ECONOMICS} (optimism: dispute game resolver)`),
    entry('batch_inbox', '0xFF00000000000000000000000000000000000010', `${SUPERCHAIN_REGISTRY}/op.toml (batch_inbox_addr)`),
    entry('settlement_contract', '0xe5965Ab5962eDc7477C8520243A95517CD252fA9', `${SUPERCHAIN_REGISTRY}/op.toml (DisputeGameFactoryProxy)`),
  ],
  base: [
    entry('batch_poster', '0x5050F69a9786F081509234F1a7F4684b5E5b76C9', `${SUPERCHAIN_REGISTRY}/base.toml (genesis.system_config.batcherAddress)`),
    entry('state_proposer', '0x642229f238fb9dE03374Be34B0eD8D9De80752c5', `${DUNE_BATCH_SUBMITTERS} (Base: L2OutputOracle from_address)`),
    entry('state_proposer', '0x8Ca1E12404d16373Aef756179B185F27b2994F3a', `${GROWTHEPIE_ECONOMICS} (base: dispute game resolver)`),
    entry('batch_inbox', '0xFf00000000000000000000000000000000008453', `${SUPERCHAIN_REGISTRY}/base.toml (batch_inbox_addr)`),
    entry('settlement_contract', '0x56315b90c40730925ec5485cf004d835058518A0', `${DUNE_BATCH_SUBMITTERS} (Base: L2OutputOracleProxy)`),
    entry('settlement_contract', '0x43edB88C4B80fDD2AdFF2412A7BebF9dF42cB40e', `${SUPERCHAIN_REGISTRY}/base.toml (DisputeGameFactoryProxy)`),
  ],
  arbitrum: [
    entry('batch_poster', '0xC1b634853Cb333D3aD8663715b08f41A3Aec47cc', `${GROWTHEPIE_ECONOMICS} (arbitrum: blob producer)`),
    entry('batch_poster', '0xa4b10ac61E79Ea1e150DF70B8dda53391928fD14', `${DUNE_BATCH_SUBMITTERS} (Arbitrum: Sequencer, before Nitro)`),
    entry('batch_poster', '0xcCe5c6cFF61C49b4d53dd6024f8295F3c5230513', `${DUNE_BATCH_SUBMITTERS} (Arbitrum: Sequencer 2, before Nitro)`),
    entry('batch_inbox', '0x1c479675ad559DC151F6Ec7ed3FbF8ceE79582B6', `${L2BEAT_DISCOVERY}/arbitrum (SequencerInbox)`),
    entry('batch_inbox', '0x4c6f947Ae67F572afa4ae0730947DE7C874F95Ef', `${DUNE_BATCH_SUBMITTERS} (Arbitrum: Old Sequencer Inbox)`),
  ],
  zksync_era: [
    entry('batch_poster', '0x0D3250c3D5FAcb74Ac15834096397a3Ef790ec99', `${GROWTHEPIE_ECONOMICS} (zksync_era: commitBatchesSharedBridge)`),
    entry('batch_poster', '0xE1D8d4C8656949764c2c9Fa9faB2C15d3F42e6C2', `${GROWTHEPIE_ECONOMICS} (zksync_era: commitBatchesSharedBridge, 2025)`),
    entry('batch_poster', '0x7d95f0B9D3383D58E39a75a67760aA2153D355A2', `${GROWTHEPIE_ECONOMICS} (zksync_era: commitBatchesSharedBridge, 2025-12)`),
    entry('batch_poster', '0xc75cDcBEef3aE3365ABF0217815748586F9047F1', `${GROWTHEPIE_ECONOMICS} (zksync_era: commitBatchesSharedBridge, 2026)`),
    entry('state_proposer', '0x3527439923a63F8C13CF72b8Fe80a77f6e572092', `${GROWTHEPIE_ECONOMICS} (zksync_era: prove and execute batches)`),
    entry('state_proposer', '0x30066439887C0a509Cb38E45c9262E6924a29BbD', `${GROWTHEPIE_ECONOMICS} (zksync_era: prove and execute batches, 2025)`),
    entry('state_proposer', '0x14F19299476664665eDa17DBb7dA7e62E3253aa8', `${GROWTHEPIE_ECONOMICS} (zksync_era: prove and execute batches, 2025-12)`),
    entry('state_proposer', '0x882A6C2ecbAbfFc40686D599a9375ad3b35427Fd', `${GROWTHEPIE_ECONOMICS} (zksync_era: prove and execute batches, 2026)`),
    entry('settlement_contract', '0x3dB52cE065f728011Ac6732222270b3F2360d919', `${GROWTHEPIE_ECONOMICS} (zksync_era: ValidatorTimelock, 2023)`),
    entry('settlement_contract', '0xa0425d71cB1D6fb80E65a5361a04096E0672De03', `${GROWTHEPIE_ECONOMICS} (zksync_era: ValidatorTimelock, 2023-12)`),
    entry('settlement_contract', '0xa8CB082A5a689E0d594d7da1E2d72A3D63aDc1bD', `${GROWTHEPIE_ECONOMICS} (zksync_era: ValidatorTimelock, 2024-03)`),
    entry('settlement_contract', '0x5D8ba173Dc6C3c90C8f7C04C9288BeF5FDbAd06E', `${GROWTHEPIE_ECONOMICS} (zksync_era: ValidatorTimelock, shared bridge)`),
    entry('settlement_contract', '0x8c0Bfc04AdA21fd496c55B8C50331f904306F564', `${GROWTHEPIE_ECONOMICS} (zksync_era: ValidatorTimelock, 2025)`),
    entry('settlement_contract', '0x2e5110cF18678Ec99818bFAa849B8C881744b776', `${GROWTHEPIE_ECONOMICS} (zksync_era: ValidatorTimelock, 2025-12)`),
  ],
  scroll: [
    entry('batch_poster', '0xcF2898225ED05Be911D3709d9417e86E0b4Cfc8f', `${L2BEAT_DISCOVERY}/scroll (ScrollChain sequencers)`),
    entry('batch_poster', '0x054a47B9E2a22aF6c0CE55020238C8FEcd7d334B', `${GROWTHEPIE_ECONOMICS} (scroll: blob producer)`),
    entry('state_proposer', '0x356483dC32B004f32Ea0Ce58F7F88879886e9074', `${L2BEAT_DISCOVERY}/scroll (ScrollChain provers)`),
    entry('state_proposer', '0x6F9D816c4ec365Fe8Fc6898c785Be0E2D51bEC2c', `${L2BEAT_DISCOVERY}/scroll (ScrollChain provers, after the 2025 change)`),
    entry('settlement_contract', '0xa13BAF47339d63B743e7Da8741db5456DAc1E556', `${GROWTHEPIE_ECONOMICS} (scroll: ScrollChain)`),
  ],
  linea: [
    entry('batch_poster', '0xa9268341831eFa4937537bc3e9EB36DbecE83C7e', `${GROWTHEPIE_ECONOMICS} (linea: blob producer, 2024-03 to 2024-10)`),
    entry('batch_poster', '0x46d2F319fd42165D4318F099E143dEA8124E9E3e', `${GROWTHEPIE_ECONOMICS} (linea: blob producer, from 2024-10)`),
    // Etherscan labels it Linea's operator; Dune's L2 sequencer tags list it for Linea too.
    entry('state_proposer', '0x9228624C3185FCBcf24c1c9dB76D8Bef5f5DAd64', 'https://etherscan.io/address/0x9228624C3185FCBcf24c1c9dB76D8Bef5f5DAd64 (Linea: Operator, finalization)'),
    entry('settlement_contract', '0xd19d4B5d358258f05D7B411E21A1460D11B0876F', `${GROWTHEPIE_ECONOMICS} (linea: LineaRollup)`),
  ],
  polygon_zkevm: [
    entry('batch_poster', '0x148Ee7dAF16574cD020aFa34CC658f8F3fbd2800', `${CDK_ERIGON_MAINNET} (zkevm.address-sequencer)`),
    entry('settlement_contract', '0x519E42c24163192Dca44CD3fBDCEBF6be9130987', `${CDK_ERIGON_MAINNET} (zkevm.address-zkevm)`),
    entry('settlement_contract', '0x5132A183E9F3CB7C848b0AAC5Ae0c4f0491B7aB2', `${CDK_ERIGON_MAINNET} (zkevm.address-rollup)`),
  ],
  mantle: [
    entry('batch_poster', '0x2f40D796917ffB642bD2e2bdD2C762A5e40fd749', `${GROWTHEPIE_ECONOMICS} (mantle: EigenDA batches, from 2025-03)`),
    entry('batch_inbox', '0xFFEEDDCcBbAA0000000000000000000000000000', `${GROWTHEPIE_ECONOMICS} (mantle: batch inbox)`),
  ],
  blast: [
    entry('batch_poster', '0x415c8893D514F9BC5211d36eEDA4183226b84AA7', `${DUNE_BATCH_SUBMITTERS} (Blast: L1BatchInbox from_address)`),
    entry('state_proposer', '0x082b616Ec99167B2FEdee053F07db6795D4dA821', `${DUNE_BATCH_SUBMITTERS} (Blast: L2OutputOracle from_address)`),
    entry('batch_inbox', '0xFf00000000000000000000000000000000081457', `${DUNE_BATCH_SUBMITTERS} (Blast: L1BatchInbox)`),
    entry('settlement_contract', '0x826D1B0D4111Ad9146Eb8941D7Ca2B6a44215c76', `${DUNE_BATCH_SUBMITTERS} (Blast: L2OutputOracleProxy)`),
  ],
  zora: [
    entry('batch_poster', '0x625726c858dBF78c0125436C943Bf4b4bE9d9033', `${SUPERCHAIN_REGISTRY}/zora.toml (BatchSubmitter)`),
    entry('state_proposer', '0x48247032092e7b0ecf5dEF611ad89eaf3fC888Dd', `${SUPERCHAIN_REGISTRY}/zora.toml (Proposer)`),
    entry('batch_inbox', '0x6F54Ca6F6EdE96662024Ffd61BFd18f3f4e34DFf', `${SUPERCHAIN_REGISTRY}/zora.toml (batch_inbox_addr)`),
    entry('settlement_contract', '0x9E6204F750cD866b299594e2aC9eA824E2e5f95c', `${SUPERCHAIN_REGISTRY}/zora.toml (L2OutputOracleProxy)`),
  ],
  mode: [
    entry('batch_poster', '0x99199a22125034c808ff20f377d91187E8050F2E', `${SUPERCHAIN_REGISTRY}/mode.toml (roles.BatchSubmitter)`),
    entry('state_proposer', '0x674F64D64Ddc198db83cd9047dF54BF89cCD0ddB', `${SUPERCHAIN_REGISTRY}/mode.toml (roles.Proposer)`),
    entry('batch_inbox', '0x24E59d9d3Bd73ccC28Dc54062AF7EF7bFF58Bd67', `${SUPERCHAIN_REGISTRY}/mode.toml (batch_inbox_addr)`),
    entry('settlement_contract', '0x4317ba146D4933D889518a3e5E11Fe7a53199b04', `${SUPERCHAIN_REGISTRY}/mode.toml (L2OutputOracleProxy)`),
  ],
  unichain: [
    entry('batch_poster', '0x2F60A5184c63ca94f82a27100643DbAbe4F3f7Fd', `${SUPERCHAIN_REGISTRY}/unichain.toml (roles.BatchSubmitter)`),
    entry('state_proposer', '0xD5F0E2912C70771C589CD8bB087EDE0Dab4AFA9A', `${SUPERCHAIN_REGISTRY}/unichain.toml (roles.Proposer)`),
    entry('state_proposer', '0x950983F83cC3957664BA0fFB5780db06d7Fd1Be7', `${GROWTHEPIE_ECONOMICS} (unichain: dispute game resolver)`),
    entry('batch_inbox', '0xFf00000000000000000000000000000000000130', `${SUPERCHAIN_REGISTRY}/unichain.toml (batch_inbox_addr)`),
    entry('settlement_contract', '0x2F12d621a16e2d3285929C9996f478508951dFe4', `${SUPERCHAIN_REGISTRY}/unichain.toml (DisputeGameFactoryProxy)`),
  ],
  celo: [
    entry('batch_poster', '0x0cd08c7f7A96AA9635f761b49216B9eA74C5cA60', `${SUPERCHAIN_REGISTRY}/celo.toml (genesis.system_config.batcherAddress)`),
    entry('batch_inbox', '0xff00000000000000000000000000000000042220', `${SUPERCHAIN_REGISTRY}/celo.toml (batch_inbox_addr)`),
    entry('settlement_contract', '0xFbAC162162f4009Bb007C6DeBC36B1dAC10aF683', `${SUPERCHAIN_REGISTRY}/celo.toml (DisputeGameFactoryProxy)`),
  ],
};

/** The roles whose transactions rent_paid counts: the chain's own senders on its settlement chain. */
export const SENDER_ROLES: ReadonlySet<ChainSettlementRole> = new Set<ChainSettlementRole>(['batch_poster', 'state_proposer']);

/** A built-in chain's senders, lower case (how resolved chains spell addresses); [] when none are known. */
export function builtinSettlementSenders(originKey: string): `0x${string}`[] {
  return (BUILTIN_SETTLEMENT_ADDRESSES[originKey] ?? []).filter((e) => SENDER_ROLES.has(e.role)).map((e) => e.address.toLowerCase() as `0x${string}`);
}
