// How long this process's event loop stood still: a tick every 10 ms notes how late it came. The
// fault tests run the app and its clients in this process, so on a loaded machine their requests
// also wait for the CPU; a timed check subtracts the stalls and still measures what it means to
// (waiting on a server that does not answer), with no ceiling widened for everything.
export class LoopStalls {
  private readonly stalls: { end: number; ms: number }[] = [];
  private last = performance.now();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly tickMs = 10) {
    this.timer = setInterval(() => {
      const now = performance.now();
      const late = now - this.last - this.tickMs;
      if (late > 1) this.stalls.push({ end: now, ms: late });
      this.last = now;
    }, this.tickMs);
    this.timer.unref();
  }

  /** The time the loop stood still between `from` and `to` (performance.now() values). */
  between(from: number, to: number): number {
    let total = 0;
    for (const { end, ms } of this.stalls) {
      const overlap = Math.min(end, to) - Math.max(end - ms, from);
      if (overlap > 0) total += overlap;
    }
    return total;
  }

  /** `to - from` without the stalls: the time spent waiting on something other than this process. */
  waited(from: number, to: number): number {
    return to - from - this.between(from, to);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
