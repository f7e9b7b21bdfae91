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
 * thread reloads its data when a message arrives. With `menu`, the count for the menu's button:
 * on a phone the link is inside the closed menu.
 */
export default function UnreadMessagesLinkView({ menu }: { menu?: boolean }) {
  const { t } = useAccountT();
  const status = useMessageStatus(!menu);
  if (!status) return null;
  if (menu)
    return status.unread > 0 ? (
      <MenuBadge unread={status.unread} label={t("cabinet:messages.menu_unread", { count: status.unread })} />
    ) : null;
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

/** The menu button's name says it too: "Menu (2 unread conversations)". */
function MenuBadge({ unread, label }: { unread: number; label: string }) {
  return (
    <>
      <span className="site-menu__badge" aria-hidden="true">
        {unread}
      </span>
      <span className="visually-hidden">{`(${label})`}</span>
    </>
  );
}

type Watcher = (next: MessageStatus, previous: MessageStatus | null) => void;

// One poll for the page, however many parts show the status (the inbox link, the menu's button).
const shared: { latest: MessageStatus | null; watchers: Set<Watcher>; poll?: { stop?: () => void; cancelled: boolean } } = {
  latest: null,
  watchers: new Set(),
};

function watchStatus(watcher: Watcher): () => void {
  shared.watchers.add(watcher);
  if (!shared.poll) {
    const poll: { stop?: () => void; cancelled: boolean } = { cancelled: false };
    shared.poll = poll;
    void import("./message-status-poll.ts").then(({ pollMessageStatus }) => {
      if (poll.cancelled) return;
      poll.stop = pollMessageStatus((next) => {
        const previous = shared.latest;
        shared.latest = next;
        for (const each of shared.watchers) each(next, previous);
      });
    });
  }
  return () => {
    shared.watchers.delete(watcher);
    if (shared.watchers.size > 0 || !shared.poll) return;
    shared.poll.cancelled = true;
    shared.poll.stop?.();
    shared.poll = undefined;
  };
}

/** The signed-in user's message status: the root data's, then each change the poll reports. */
function useMessageStatus(reloadsMessagesPage: boolean): MessageStatus | null {
  const initial = useRootData()?.messages ?? null;
  const [status, setStatus] = useState(initial);
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  const page = useRef({ revalidate: revalidator.revalidate, onMessagesPage: false });
  page.current.revalidate = revalidator.revalidate;
  page.current.onMessagesPage = reloadsMessagesPage && stripLocale(pathname).startsWith("/cabinet/messages");
  // A navigation reloaded the root data: that is the newest word.
  useEffect(() => {
    shared.latest = initial;
    setStatus(initial);
  }, [initial]);

  const signedIn = initial !== null;
  useEffect(() => {
    if (!signedIn) return;
    return watchStatus((next, previous) => {
      setStatus(next);
      if (previous && next.latest !== previous.latest && page.current.onMessagesPage) void page.current.revalidate();
    });
  }, [signedIn]);
  return status;
}
