/** Keys offered once while the map was full, remembered until this many (then forgotten at once). */
const DOORKEEPER_KEYS = 10_000;

/**
 * A least-recently-used map bounded by the total size of its values.
 *
 * Once full, a new key gets in only on its second offer (a doorkeeper, as in TinyLFU): a
 * sweep of pages nobody asks for twice (a crawler over 100,000 adverts, one-off queries)
 * would otherwise push out every page that is asked for all the time, and copy and keep
 * each page only to drop it unread. A key that is already in, or that fits without evicting
 * anything, gets in at once.
 */
export class SizedLru<V> {
  private readonly items = new Map<string, { value: V; size: number }>();
  private readonly offeredOnce = new Set<string>();
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

  /** Keeps the value unless it is larger than the bound or is turned away at the door; says which. */
  set(key: string, value: V, size: number): boolean {
    const replacing = this.items.has(key);
    this.delete(key);
    if (size > this.maxBytes) return false;
    if (!replacing && this.used + size > this.maxBytes && !this.offeredBefore(key)) return false;
    this.items.set(key, { value, size });
    this.used += size;
    for (const [oldest] of this.items) {
      if (this.used <= this.maxBytes) break;
      this.delete(oldest);
    }
    return true;
  }

  delete(key: string): void {
    const item = this.items.get(key);
    if (!item) return;
    this.items.delete(key);
    this.used -= item.size;
  }

  clear(): void {
    this.items.clear();
    this.offeredOnce.clear();
    this.used = 0;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.items.size, bytes: this.used };
  }

  /** True on a key's second offer; the first is remembered (a bounded set, cleared when full). */
  private offeredBefore(key: string): boolean {
    if (this.offeredOnce.delete(key)) return true;
    if (this.offeredOnce.size >= DOORKEEPER_KEYS) this.offeredOnce.clear();
    this.offeredOnce.add(key);
    return false;
  }
}
