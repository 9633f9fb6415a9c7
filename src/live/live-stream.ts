// One open event stream and what bounds it (CONTRACT.md 12.8): an update is skipped while more
// than `skipAbove` bytes are unflushed (the next tick's snapshot supersedes it), the stream is
// closed above `closeAbove`, when its writes make no progress for the stall time, and at the end
// of its lifetime. Nothing the client sends is read: a stream holds at most `closeAbove` bytes.
import type http from 'node:http';
import { HEARTBEAT_FRAME, retryFrame } from './sse-frames.js';

export type StreamKind = 'events' | 'chain' | 'documents';
export type CloseReason = 'client' | 'slow' | 'stalled' | 'lifetime' | 'shutdown';

export interface StreamLimits {
  skipAbove: number;
  closeAbove: number;
  stallMs: number;
  heartbeatMs: number;
}

export class LiveStream {
  /** Ms of the last write, and of the lifetime's end. */
  private lastWrite: number;
  /** Since when the unflushed bytes made no progress; null while they do. */
  private stuckSince: number | null = null;
  private unflushedAtCheck = 0;
  private writtenSinceCheck = 0;
  closed = false;

  constructor(
    readonly kind: StreamKind,
    readonly res: http.ServerResponse,
    /** The chain of a chain stream; '' otherwise. */
    readonly chain: string,
    /** `?prefix=` filters of a document stream (none: every path). */
    readonly prefixes: readonly string[],
    readonly address: string,
    private readonly limits: StreamLimits,
    nowMs: number,
    readonly endsAt: number,
    private readonly onClose: (s: LiveStream, reason: CloseReason) => void,
  ) {
    this.lastWrite = nowMs;
    res.on('drain', () => {
      this.stuckSince = null;
    });
    res.on('close', () => this.finish('client'));
  }

  get unflushed(): number {
    return this.res.writableLength;
  }

  /** Writes an update unless too much is unflushed; false when it was skipped. */
  update(frame: Buffer, nowMs: number): boolean {
    if (this.closed) return true;
    if (this.unflushed > this.limits.skipAbove) return false;
    this.write(frame, nowMs);
    return true;
  }

  /** Writes what must not be skipped (document events): closes the stream instead when it is too far behind. */
  write(frame: Buffer, nowMs: number): void {
    if (this.closed) return;
    if (this.unflushed + frame.length > this.limits.closeAbove) return this.close('slow', null);
    this.res.write(frame);
    this.writtenSinceCheck += frame.length;
    this.lastWrite = nowMs;
  }

  /** Per tick: heartbeat after a quiet spell, the stall check, the lifetime. */
  check(nowMs: number, lifetimeRetryMs: number): void {
    if (this.closed) return;
    const now = this.unflushed;
    // Bytes the socket took since the last check (framing bytes make this an underestimate).
    const flushed = this.unflushedAtCheck + this.writtenSinceCheck - now;
    if (now === 0 || flushed > 0) this.stuckSince = null;
    else if (this.stuckSince === null) this.stuckSince = nowMs;
    else if (nowMs - this.stuckSince >= this.limits.stallMs) return this.close('stalled', null);
    if (nowMs >= this.endsAt) return this.close('lifetime', lifetimeRetryMs);
    if (nowMs - this.lastWrite >= this.limits.heartbeatMs) this.write(HEARTBEAT_FRAME, nowMs);
    this.unflushedAtCheck = this.unflushed;
    this.writtenSinceCheck = 0;
  }

  /** Ends the stream, first asking the client to come back after `retryMs` (null: destroy at once). */
  close(reason: CloseReason, retryMs: number | null): void {
    if (this.closed) return;
    if (retryMs === null) this.res.destroy();
    else this.res.end(retryFrame(retryMs));
    this.finish(reason);
  }

  private finish(reason: CloseReason): void {
    if (this.closed) return;
    this.closed = true;
    this.onClose(this, reason);
  }
}
