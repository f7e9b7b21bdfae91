import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useT } from "#app/hooks/use-t.ts";
import { receiveToasts, type ToastMessage } from "./toast-queue.ts";

const DEFAULT_LIFE_MS = 5000;

/**
 * Flash toasts this tab has shown. The root's loader data keeps a flash until it next runs, and
 * a page of another layout builds a new region from it: without this the toast came back
 * there. Written in effects only, so the server never shares it between requests.
 */
const shown = new Set<string>();

/**
 * Toasts (docs/product.md#the-shell): closed by the user, by the end of their lifetime, by group
 * removal or by leaving the page; the timer pauses while hovered and restarts when the pointer
 * leaves. Under the header in the page's flow on phones (over nothing), bottom right on wider
 * screens. Without JS the same messages render as a plain notice in the page flow.
 */
export function ToastRegion({ initial }: { initial: ToastMessage[] }) {
  const { t } = useT();
  const { key } = useLocation();
  const [hydrated, setHydrated] = useState(false);
  const [toasts, setToasts] = useState(() => initial.filter((toast) => !shown.has(toast.id)));
  const page = useRef<string>(null);

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    const fresh = initial.filter((toast) => !shown.has(toast.id));
    fresh.forEach((toast) => shown.add(toast.id));
    // A toast belongs to the page that showed it: the next page shows only its own (the first render has them already).
    const samePage = page.current === key;
    if (page.current !== null) setToasts((list) => (samePage ? [...list, ...fresh] : fresh));
    page.current = key;
  }, [key, initial]);

  const remove = useCallback((id: string) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);
  useEffect(
    () =>
      receiveToasts((event) =>
        setToasts((list) => (event.kind === "add" ? [...list, event.toast] : list.filter((toast) => toast.group !== event.group))),
      ),
    [],
  );

  return (
    <div className={hydrated ? "toast-region container" : "notice-region container"} role="status" aria-live="polite">
      {toasts.map((toast) => (
        <Toast key={toast.id} toast={toast} onClose={remove} closeLabel={t("toast.close")} timed={hydrated} />
      ))}
    </div>
  );
}

function Toast({
  toast,
  onClose,
  closeLabel,
  timed,
}: {
  toast: ToastMessage;
  onClose: (id: string) => void;
  closeLabel: string;
  timed: boolean;
}) {
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (!timed || paused) return;
    // Leaving the toast restarts the full lifetime rather than resuming the rest.
    const timer = setTimeout(() => onClose(toast.id), toast.life ?? DEFAULT_LIFE_MS);
    return () => clearTimeout(timer);
  }, [timed, paused, toast, onClose]);
  return (
    <div
      className={`toast toast--${toast.severity}`}
      data-severity={toast.severity}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      // Keyboard users get the same pause while the close button has focus.
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setPaused(false);
      }}
    >
      <p className="toast__text">{toast.text}</p>
      {timed ? (
        <button type="button" className="toast__close" aria-label={closeLabel} onClick={() => onClose(toast.id)}>
          ×
        </button>
      ) : null}
    </div>
  );
}
