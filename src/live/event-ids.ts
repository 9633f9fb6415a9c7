// Every live event's id is `<boot>-<seq>` (CONTRACT.md 12.2): the server's start time (unix ms)
// and one counter over all events of the process, so a reconnect always names its position and
// an id from another boot is recognised as such (12.7, "Resume").

export interface EventPosition {
  boot: number;
  seq: number;
}

export class EventIds {
  private seq = 0;

  constructor(readonly boot: number) {}

  /** The next id, and its sequence number. */
  next(): { id: string; seq: number } {
    const seq = ++this.seq;
    return { id: `${this.boot}-${seq}`, seq };
  }

  /** The last sequence number handed out. */
  get current(): number {
    return this.seq;
  }
}

/** `<boot>-<seq>` as sent by a client, or null when it is not one. */
export function parseEventId(text: string | undefined): EventPosition | null {
  if (text === undefined) return null;
  const m = /^(\d{1,16})-(\d{1,16})$/.exec(text.trim());
  return m === null ? null : { boot: Number(m[1]), seq: Number(m[2]) };
}
