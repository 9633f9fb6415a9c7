// Messages between process.ts (parent) and child.ts (the devnet process), over Node's IPC channel.
import type { Chain } from '../registry/types.js';
import type { DevnetChainInfo, DevnetOptions } from './index.js';

export interface DevnetProcessOptions extends Omit<DevnetOptions, 'clock' | 'sleep'> {
  /** Freeze the child's clock at this unix ms (a FixedClock; move it with setNow). Default: the system clock. */
  fixedNowMs?: number;
}

export interface DevnetProcessInfo {
  chains: DevnetChainInfo[];
  priceUrl: string;
  seed: number;
  liveSince: number;
}

export type ParentMessage = { type: 'start'; opts: DevnetProcessOptions } | { type: 'set_now'; id: number; ms: number } | { type: 'close' };

export type ChildReply =
  | { type: 'ready'; info: DevnetProcessInfo; configs: Chain[] }
  | { type: 'ok'; id: number }
  | { type: 'closed' }
  | { type: 'error'; id?: number; message: string };
