// The data-availability layers chainlytics publishes (CONTRACT.md 11.2): one, Ethereum's blobs,
// read from the blob transactions of the chain keyed `ethereum`. Static like the categories:
// master.json `da_layers`, the overview's `fixed_params` and the dashboard read these strings.
// Other layers (Celestia, EigenDA, calldata) are deliberately absent: the reference UI looks up
// every key of da_breakdown in da_layers unguarded, so a layer is listed here or nowhere.

export interface DaLayer {
  /** The layer's key in da_layers, da_overview and da_timeseries. */
  key: string;
  /** The chain whose blob transactions make up the layer. */
  origin_key: string;
  name: string;
  name_short: string;
  url_key: string;
  block_explorers: Record<string, string>;
  website: string;
  twitter: string;
  /** SVG path data like a chain's logo; null: the reference UI draws its own icon for url_key. */
  logo: { body: string; width: number; height: number } | null;
  colors: { light: [string, string]; dark: [string, string]; darkTextOnBackground: boolean };
  /** Strings the overview's table shows as they are; l2beat_risk is a link's href. */
  fixed_params: { block_time: string; blob_size: string; bandwidth: string; l2beat_risk: string };
}

export const DA_ETHEREUM_BLOBS: DaLayer = {
  key: 'da_ethereum_blobs',
  origin_key: 'ethereum',
  name: 'Ethereum Blobs',
  name_short: 'Eth Blobs',
  url_key: 'da-ethereum-blobs',
  block_explorers: { 'beaconcha.in': 'https://beaconcha.in' },
  website: 'https://ethereum.org',
  twitter: 'https://x.com/ethereum',
  logo: null,
  colors: { light: ['#8A9DC7', '#56647F'], dark: ['#A9B9DC', '#6E7FA3'], darkTextOnBackground: false },
  fixed_params: {
    block_time: '12s',
    blob_size: '128 kB',
    // Since Pectra (May 2025): a target of 6 and at most 9 blobs of 128 kB per 12-second slot.
    bandwidth: '64 kB/s (target), 96 kB/s (max)',
    l2beat_risk: 'https://l2beat.com/data-availability/projects/ethereum/ethereum',
  },
};

export const DA_LAYERS: readonly DaLayer[] = [DA_ETHEREUM_BLOBS];

/** Bytes per blob, and so blob gas per blob (EIP-4844). */
export const BLOB_BYTES = 131_072;
