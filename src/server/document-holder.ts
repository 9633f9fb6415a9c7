// Holds the DocumentSet being served and swaps it atomically. A request reads `current()` once at
// its start and answers only from that set; since the set is immutable and a response is written
// from it in one synchronous step, a response never mixes two builds and an ETag always names
// exactly the body it came with.
import type { DocumentSet } from '../documents/document-set.js';

export type SwapListener = (next: DocumentSet, previous: DocumentSet | null) => void;

export class DocumentHolder {
  #current: DocumentSet | null;
  readonly #listeners = new Set<SwapListener>();
  #swaps = 0;

  constructor(initial: DocumentSet | null = null) {
    this.#current = initial;
  }

  /** The set to answer from; null until the first build is in. */
  current(): DocumentSet | null {
    return this.#current;
  }

  /** Replaces the served set; returns the previous one. Listeners run synchronously after the swap. */
  swap(next: DocumentSet): DocumentSet | null {
    const previous = this.#current;
    this.#current = next;
    this.#swaps++;
    for (const l of this.#listeners) l(next, previous);
    return previous;
  }

  /** How many swaps have happened (for metrics). */
  get swaps(): number {
    return this.#swaps;
  }

  /** Calls `listener` after every swap; returns the function that unsubscribes it. */
  onSwap(listener: SwapListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
