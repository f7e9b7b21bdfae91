import { mailT } from "#app/platform/mail/compose.server.ts";
import type { MailTemplate, OptionalMailData } from "#app/platform/mail/template.server.ts";

/**
 * New private messages, never their text: "instant" names one thread by its link, "digest"
 * lists the threads with unread messages, each titled. Every mail links the settings and the
 * one-click unsubscribe.
 */
export type MessageMailData = OptionalMailData & {
  kind: "instant" | "digest";
  threads: Array<{ title: string; link: string }>;
};

export const messageMail: MailTemplate<MessageMailData> = {
  name: "messages-new",
  compose(data, language) {
    const t = mailT(language, "cabinet");
    const values = { name: data.name, site: data.site, title: data.threads[0]?.title ?? "" };
    return {
      subject: t(data.kind === "instant" ? "message_mail.subject" : "message_mail.digest_subject", values),
      blocks: [
        t("message_mail.greeting", values),
        t(data.kind === "instant" ? "message_mail.body" : "message_mail.digest_intro", values),
        ...data.threads.map((thread) => (data.kind === "instant" ? thread.link : { text: thread.title, link: thread.link })),
        t("message_mail.settings", values),
        data.settingsLink,
        t("message_mail.unsubscribe", values),
        data.unsubscribe,
        t("message_mail.signature", values),
      ],
    };
  },
  examples: (origin) => {
    const common = { name: "Olena", site: "Portal", settingsLink: `${origin}/cabinet`, unsubscribe: `${origin}/unsubscribe?token=example` };
    return [
      { ...common, kind: "instant", threads: [{ title: "Oak rocking chair", link: `${origin}/cabinet/messages/1` }] },
      {
        ...common,
        kind: "digest",
        threads: [
          { title: "Oak rocking chair", link: `${origin}/cabinet/messages/1` },
          { title: "Winter tyres", link: `${origin}/cabinet/messages/2` },
        ],
      },
    ];
  },
};
