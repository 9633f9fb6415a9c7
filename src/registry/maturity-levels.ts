// master.json `maturity_levels` and the values of `chains[*].maturity` (CONTRACT.md 11.6): the
// reference's ladder (gtp-backend src/config.py `l2_maturity_levels`), so its UI finds the name
// and description of every level a chain can carry. The levels need L2BEAT stages, risk counts
// and TVS, which chainlytics does not have: a chain's level is what its entry says, `NA` unless
// set (ethereum's built-in value is `10_foundational`).

/** A chain with no level: the reference's default, drawn without an icon. */
export const MATURITY_NONE = 'NA';

export interface MaturityLevel {
  name: string;
  description: string;
  /**
   * What a chain must meet for the level, as the reference publishes it: `{and: {...}}` and
   * `{or: {...}}` of thresholds; `{}` where the reference gives none or only prose (11.6).
   */
  conditions: Record<string, Record<string, number | string>>;
}

// The reference's order (highest first), which master.json keeps.
export const MATURITY_LEVELS = {
  '10_foundational': {
    name: 'Foundational',
    description: 'Ethereum Mainnet, a fully decentralized and secure network that anchors the entire ecosystem.',
    conditions: {},
  },
  '4_robust': {
    name: 'Robust',
    description:
      "Fully decentralized and secure network that cannot be tampered with or stopped by any individual or group, including its creators. This is a network that fulfills Ethereum's vision of decentralization.",
    conditions: { and: { tvs: 1_000_000_000, stage: 'Stage 2', age: 0, risks: 0 } },
  },
  '3_maturing': {
    name: 'Maturing',
    description: 'A network transitioning to being decentralized. A group of actors still may be able to halt the network in extreme situations.',
    conditions: { and: { tvs: 150_000_000, stage: 'Stage 1', age: 180, risks: 0 } },
  },
  '2_developing': {
    name: 'Developing',
    description: 'A centralized operator runs the network but adds fail-safe features to reduce risks of centralization.',
    conditions: { and: { tvs: 150_000_000, stage: 'Stage 0', risks: 3, age: 180 } },
  },
  '1_emerging': {
    name: 'Emerging',
    description: 'A centralized operator runs the network. The data is publicly visible on Ethereum to verify whether the operator is being honest.',
    conditions: { and: { stage: 'Stage 0', risks: 2 }, or: { tvs: 150_000_000, age: 180 } },
  },
  '0_early_phase': {
    name: 'Not Categorized',
    description: "A project that just recently launched or that doesn't currently fall into any of the other categories.",
    conditions: {},
  },
} as const satisfies Record<string, MaturityLevel>;

export type MaturityLevelKey = keyof typeof MATURITY_LEVELS;
/** What `chains[*].maturity` may hold: a level's key, or `NA`. */
export type Maturity = MaturityLevelKey | typeof MATURITY_NONE;
export const MATURITY_VALUES = [MATURITY_NONE, ...(Object.keys(MATURITY_LEVELS) as MaturityLevelKey[])] as readonly [Maturity, ...Maturity[]];
