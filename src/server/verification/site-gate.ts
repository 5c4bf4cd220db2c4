/**
 * One fetch per website domain at a time (decision 0040): leads naming the same slow site wait for
 * each other instead of each holding one of the runner's slots against it. In-process only.
 */
export class SiteGate {
  private readonly tails = new Map<string, Promise<unknown>>();

  /** Runs `work` once no earlier work for `domain` is under way. */
  run<T>(domain: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(domain) ?? Promise.resolve();
    const result = before.then(work, work);
    const tail = result.catch(() => undefined);
    this.tails.set(domain, tail);
    void tail.then(() => {
      if (this.tails.get(domain) === tail) this.tails.delete(domain);
    });
    return result;
  }

  /** Domains with work under way or waiting (for tests). */
  get busy(): number {
    return this.tails.size;
  }
}
