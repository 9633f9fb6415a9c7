// The next document set a holder swaps in: tests wait for this event instead of for time to pass.
import type { DocumentSet } from '../../src/documents/document-set.js';
import type { DocumentHolder } from '../../src/server/document-holder.js';

export function nextSwap(holder: DocumentHolder): Promise<DocumentSet> {
  return new Promise((resolve) => {
    const off = holder.onSwap((set) => {
      off();
      resolve(set);
    });
  });
}
