// The part of autocannon (a devDependency without its own types) the tests use.
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    /** Stop after this many requests. */
    amount?: number;
    /** Seconds, when no amount is given. */
    duration?: number;
    pipelining?: number;
  }
  interface Result {
    requests: { total: number; average: number };
    latency: { p99: number };
    '2xx': number;
    non2xx: number;
    errors: number;
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
