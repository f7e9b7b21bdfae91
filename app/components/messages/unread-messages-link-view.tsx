import { MessageCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useLocation, useRevalidator } from "react-router";
import { useAccountT } from "#app/components/account/use-account-t.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { useRootData } from "#app/hooks/use-root-data.ts";
import { stripLocale } from "#app/i18n/locales.ts";
import type { MessageStatus } from "#app/modules/messages/conversations.server.ts";

/**
 * The header's link to the inbox with the unread count. With JS the count follows new messages
 * within seconds (any process answers: the state is in the database), and an open inbox or
 * thread reloads its data when a message arrives.
 */
export default function UnreadMessagesLinkView() {
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
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import("./message-status-poll.ts").then(({ pollMessageStatus }) => {
      if (cancelled) return;
      stop = pollMessageStatus((next) => {
        const previous = latest.current.status;
        latest.current.status = next;
        setStatus(next);
        if (previous && next.latest !== previous.latest && latest.current.onMessagesPage) void latest.current.revalidate();
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [signedIn]);
  return status;
}
