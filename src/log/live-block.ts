// The live block at the bottom of a terminal (the per-chain progress bars), redrawn in place.
// While one is shown, everything else meant for that terminal (the human log lines) must go
// through it: it clears the block, writes the text and draws the block again below, so a log
// line never lands inside a bar and a bar is never printed twice. Kept in src/log, a leaf, so
// that the logger and the progress display (src/ingest) meet without importing each other.

export interface LiveBlock {
  /** Writes `text` (whole lines) above the block. */
  writeAbove(text: string): void;
}

let current: LiveBlock | null = null;

/** Routes terminal text through `block` until the returned function is called. */
export function showLiveBlock(block: LiveBlock): () => void {
  current = block;
  return () => {
    if (current === block) current = null;
  };
}

/** The block on screen, if any. */
export function liveBlock(): LiveBlock | null {
  return current;
}

/** Text for stdout that a person reads (the CLI's notices): above the block while one is on the same terminal. */
export function printAbove(text: string): void {
  const block = process.stdout.isTTY ? current : null;
  if (block) block.writeAbove(text);
  else process.stdout.write(text);
}
