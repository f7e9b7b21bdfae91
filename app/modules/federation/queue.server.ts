import type { MessageQueue, MessageQueueEnqueueOptions } from "@fedify/fedify";

// Fedify's outgoing work (fan-out to followers, each delivery to an inbox) as jobs of the
// portal's queue (pg-boss): `enqueue` sends a `federation-deliver` job whose handler gives the
// message back to Fedify (`processQueuedTask`, jobs.server.ts). Fedify is built with
// `manuallyStartQueue`, so it never calls `listen`; pg-boss retries a failed delivery with
// backoff (`nativeRetrial`), the way it retries mail.

export type SendJob = (message: unknown, options: { startAfterSeconds?: number; singletonKey?: string }) => Promise<unknown>;

export class JobMessageQueue implements MessageQueue {
  readonly nativeRetrial = true;
  readonly #send: SendJob;

  constructor(send: SendJob) {
    this.#send = send;
  }

  async enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    const delayMs = options?.delay?.total({ unit: "milliseconds" }) ?? 0;
    await this.#send(message, delayMs > 0 ? { startAfterSeconds: Math.ceil(delayMs / 1000) } : {});
  }

  async enqueueMany(messages: readonly unknown[], options?: MessageQueueEnqueueOptions): Promise<void> {
    for (const message of messages) await this.enqueue(message, options);
  }

  /** The job worker takes the messages; this only waits for the signal, as the interface asks. */
  listen(_handler: (message: unknown) => Promise<void> | void, options?: { signal?: AbortSignal }): Promise<void> {
    return new Promise((resolve) => {
      if (!options?.signal) return;
      if (options.signal.aborted) resolve();
      options.signal.addEventListener("abort", () => resolve(), { once: true });
    });
  }
}
