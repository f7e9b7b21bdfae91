import { MessageCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useLocation, useRevalidator } from "react-router";
import { useAccountT } from "~/components/account/use-account-t";
import { LocalizedLink } from "~/components/localized-link";
import { useRootData } from "~/hooks/use-root-data";
import { stripLocale } from "~/i18n/locales";
import type { MessageStatus } from "~/modules/messages/conversations.server";

/** How often an open, visible page asks whether a message came; a 304 costs one indexed read. */
const POLL_MS = 5_000;
const STATUS_ENDPOINT = "/api/messages/status";

/**
 * The header's link to the inbox with the unread count. With JS the count follows new messages
 * within seconds (any process answers: the state is in the database), and an open inbox or
 * thread reloads its data when a message arrives.
 */
export function UnreadMessagesLink() {
  const { t } = useAccountT();
  const initial = useRootData()?.messages ?? null;
  const status = useMessageStatus(initial);
  if (!status) return null;
  const label = status.unread > 0 ? t("cabinet:messages.header_unread", { count: status.unread }) : t("cabinet:messages.title");
  return (
    <LocalizedLink to="/cabinet/messages" className="account-menu__link account-menu__messages" aria-label={label} title={label}>
      <MessageCircle aria-hidden="true" size={18} />
      <span aria-hidden="true">{t("cabinet:messages.title")}</span>
      {status.unread > 0 ? (
        <span className="account-menu__badge" aria-hidden="true">
          {status.unread}
        </span>
      ) : null}
    </LocalizedLink>
  );
}

function useMessageStatus(initial: MessageStatus | null): MessageStatus | null {
  const [status, setStatus] = useState(initial);
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  const latest = useRef({ status: initial, revalidate: revalidator.revalidate, onMessagesPage: false });
  latest.current.revalidate = revalidator.revalidate;
  latest.current.onMessagesPage = stripLocale(pathname).startsWith("/cabinet/messages");
  // A navigation reloaded the root data: that is the newest word.
  useEffect(() => {
    latest.current.status = initial;
    setStatus(initial);
  }, [initial]);

  const signedIn = initial !== null;
  useEffect(() => {
    if (!signedIn) return;
    let etag = "";
    let stopped = false;
    const poll = async () => {
      if (document.visibilityState !== "visible") return;
      try {
        const response = await fetch(STATUS_ENDPOINT, { headers: etag ? { "If-None-Match": etag } : {}, credentials: "same-origin" });
        if (stopped || response.status !== 200) return;
        etag = response.headers.get("ETag") ?? "";
        const next = (await response.json()) as MessageStatus;
        const previous = latest.current.status;
        latest.current.status = next;
        setStatus(next);
        if (previous && next.latest !== previous.latest && latest.current.onMessagesPage) void latest.current.revalidate();
      } catch {
        // Offline or restarting: the next tick tries again.
      }
    };
    const timer = window.setInterval(poll, POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [signedIn]);
  return status;
}
