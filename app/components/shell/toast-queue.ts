import { gate } from "#app/components/deferred.tsx";

// Toasts are raised with window events (`toast:add`, `toast:remove-group`) from anywhere. The
// region's code (toasts.tsx) comes when the browser is idle, the visitor first acts or a toast
// is raised (shell.tsx); this listener, in the first load, keeps what comes before it in order.

type ToastSeverity = "info" | "success" | "warn" | "error" | "secondary" | "contrast";
export type ToastMessage = { id: string; severity: ToastSeverity; text: string; group?: string; life?: number };

type ToastEvent = { kind: "add"; toast: ToastMessage } | { kind: "remove-group"; group: string };

const queued: ToastEvent[] = [];
const raised = gate();
let receiver: ((event: ToastEvent) => void) | null = null;

function deliver(event: ToastEvent) {
  if (receiver) return receiver(event);
  queued.push(event);
  raised.open();
}

if (typeof window !== "undefined") {
  window.addEventListener("toast:add", (event) => deliver({ kind: "add", toast: (event as CustomEvent<ToastMessage>).detail }));
  window.addEventListener("toast:remove-group", (event) => deliver({ kind: "remove-group", group: (event as CustomEvent<string>).detail }));
}

/** Resolves when a toast is raised while no region receives them. */
export const toastRaised = raised.opened;

/** The mounted region takes what was raised so far, then every toast as it comes; the result lets go. */
export function receiveToasts(next: (event: ToastEvent) => void): () => void {
  receiver = next;
  for (const event of queued.splice(0)) next(event);
  return () => {
    if (receiver === next) receiver = null;
  };
}
