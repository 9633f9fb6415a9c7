// Turns for benchmark phases started together (bench:volume's history ratio): one step runs at a
// time, in the order the steps asked. Two phases that each ask for their next step as soon as
// the last one ended therefore alternate: 4 days' hour 1, 16 days' hour 1, 4 days' hour 2, …
// Run one after the other, the 4-day hours and the 16-day hours met different loads of this
// shared machine (docs/scale.md: 4-day parts at load 14–30, 16-day parts after it fell quiet),
// so their ratio measured the load as much as the history; alternating spreads a change of load
// over both.

/** A queue of steps run one at a time, first asked first run. */
export function phaseTurns(): <T>(step: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(step: () => Promise<T>): Promise<T> => {
    // A step that fails still hands the turn on; its own caller gets the error.
    const mine = last.then(step, step);
    last = mine.catch(() => undefined);
    return mine;
  };
}
