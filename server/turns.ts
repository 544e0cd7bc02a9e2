import type { EventEmitter } from "node:events";

/** Units of main-thread work that run one at a time, each in its own turn of the event loop.
 *
 *  Opening an MCP session (an episode, an McpServer, the SDK's transport answering initialize)
 *  is a few milliseconds of JavaScript with no I/O to wait on. Requests that arrive together are
 *  all read in one poll phase, and each would otherwise run to its end there: 32 session opens
 *  read alongside a GET /health made it wait for all of them (a p99 of 150 ms). Here each open
 *  only queues; they then run one per loop iteration (setImmediate), so a request read in
 *  between waits for at most one. Throughput is the same: the work is on one thread anyway.
 *
 *  Episode opens (POST /episodes) take the same turns. libuv accepts one new connection per
 *  loop iteration, so an iteration that served every open read in it (64 at once, a couple of
 *  milliseconds each) left the next connections waiting in the kernel: a harness opening 64
 *  episodes on fresh connections saw the last of them answered after ~900 ms. */
export class Turns {
  private readonly waiting: (() => void)[] = [];
  private running = false;

  /** Runs `work` in its turn. The next turn starts once it settles or `res` closes (a client
   *  that went away never holds the queue). */
  run<T>(res: Pick<EventEmitter, "once">, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push(() => {
        let released = false;
        const release = () => { if (!released) { released = true; this.next(); } };
        res.once("close", release);
        Promise.resolve().then(work).then(resolve, reject).finally(release);
      });
      if (!this.running) this.next();
    });
  }

  private next(): void {
    const start = this.waiting.shift();
    this.running = start !== undefined;
    if (start) setImmediate(start);
  }
}
