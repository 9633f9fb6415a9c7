// The `live:` section (CONTRACT.md 12.8): the limits of the live stream that `serve` runs beside
// the documents. Defined once here like every setting: the file schema, the defaults and the
// resolved LiveSettings the stream takes. What each key expects is in config-hints.ts.
import { z } from 'zod';

export const LIVE_DEFAULTS = {
  /** Open streams of every kind; below server.connections.max_open so documents keep room. */
  max_streams: 1000,
  /** Streams of one client address (one ecosystem tab holds two; NAT shares an address). */
  max_streams_per_address: 16,
  /** An update is skipped while more than this many KiB of a stream are unflushed. */
  skip_above_kib: 64,
  /** A stream with more than this many KiB unflushed is closed. */
  close_above_kib: 256,
  /** A stream is closed (and resumed by the client) after this many minutes, ± 10 %. */
  lifetime_minutes: 60,
  /** Document events kept for Last-Event-ID resumes: at most this many... */
  resume_events: 256,
  /** ...of at most this many hours. */
  resume_hours: 24,
  /** /api/* requests per minute per client address. */
  api_per_minute: 120,
  /** Minutes of stored blocks replayed at start (at most 24 h). */
  replay_minutes: 15,
} as const;

const whole = (min: number, max: number) => z.number().int().min(min).max(max);

/** `live:` as the operator writes it; every key optional. */
export const liveSectionSchema = z.strictObject({
  max_streams: whole(1, 1_000_000).optional(),
  max_streams_per_address: whole(1, 1_000_000).optional(),
  skip_above_kib: whole(1, 65_536).optional(),
  close_above_kib: whole(1, 65_536).optional(),
  lifetime_minutes: z.number().min(1).max(1440).optional(),
  resume_events: whole(0, 100_000).optional(),
  resume_hours: z.number().min(0).max(168).optional(),
  api_per_minute: whole(1, 1_000_000).optional(),
  replay_minutes: z.number().min(0).max(1440).optional(),
});

export type LiveSection = z.output<typeof liveSectionSchema>;

/** The resolved `live:` section. */
export interface LiveSettings {
  max_streams: number;
  max_streams_per_address: number;
  skip_above_bytes: number;
  close_above_bytes: number;
  lifetime_ms: number;
  resume_events: number;
  resume_ms: number;
  api_per_minute: number;
  replay_ms: number;
}

export function resolveLiveSettings(section: LiveSection | null | undefined): LiveSettings {
  const s = section ?? {};
  const d = LIVE_DEFAULTS;
  return {
    max_streams: s.max_streams ?? d.max_streams,
    max_streams_per_address: s.max_streams_per_address ?? d.max_streams_per_address,
    skip_above_bytes: (s.skip_above_kib ?? d.skip_above_kib) * 1024,
    close_above_bytes: (s.close_above_kib ?? d.close_above_kib) * 1024,
    lifetime_ms: (s.lifetime_minutes ?? d.lifetime_minutes) * 60_000,
    resume_events: s.resume_events ?? d.resume_events,
    resume_ms: (s.resume_hours ?? d.resume_hours) * 3_600_000,
    api_per_minute: s.api_per_minute ?? d.api_per_minute,
    replay_ms: (s.replay_minutes ?? d.replay_minutes) * 60_000,
  };
}
