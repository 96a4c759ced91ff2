// At most `size` tasks at a time; the rest wait their turn in arrival order.

export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  /** The most tasks that ran at once since the last resetPeak() (for tests and metrics). */
  peak = 0;

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`Semaphore size must be a positive integer, got ${size}`);
  }

  get running(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    this.peak = Math.max(this.peak, this.active);
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter (active stays the same), or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }

  resetPeak(): void {
    this.peak = this.active;
  }
}
