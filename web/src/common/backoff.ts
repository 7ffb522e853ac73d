// How long to wait before trying again after a failure: 250 ms, then twice as long each time up
// to 5 s, and back to 250 ms after a success. A dropped connection or a busy server is asked
// again soon, then less and less often, never hammered.
export class Backoff {
  private delay: number;

  constructor(private readonly first = 250, private readonly max = 5000) {
    this.delay = first;
  }

  // The wait before this try; the next one waits twice as long (at most `max`).
  next(): number {
    const d = this.delay;
    this.delay = Math.min(this.max, d * 2);
    return d;
  }

  reset() {
    this.delay = this.first;
  }
}
