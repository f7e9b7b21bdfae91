/** A least-recently-used map bounded by the total size of its values. */
export class SizedLru<V> {
  private readonly items = new Map<string, { value: V; size: number }>();
  private used = 0;
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get(key: string): V | undefined {
    const item = this.items.get(key);
    if (!item) return undefined;
    // Map iteration follows insertion: re-inserting marks the key as most recently used.
    this.items.delete(key);
    this.items.set(key, item);
    return item.value;
  }

  set(key: string, value: V, size: number): void {
    this.delete(key);
    if (size > this.maxBytes) return;
    this.items.set(key, { value, size });
    this.used += size;
    for (const [oldest] of this.items) {
      if (this.used <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const item = this.items.get(key);
    if (!item) return;
    this.items.delete(key);
    this.used -= item.size;
  }

  clear(): void {
    this.items.clear();
    this.used = 0;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.items.size, bytes: this.used };
  }
}
