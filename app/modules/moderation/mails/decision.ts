import { mailT } from "#app/platform/mail/compose.server.ts";
import type { MailParties, MailTemplate } from "#app/platform/mail/template.server.ts";

export const DECISION_OUTCOMES = ["approved", "rejected"] as const;

/** Staff's decision on what a user sent in (an advert, an event…); `link` is where the user finds it. */
export type DecisionMailData = MailParties & {
  outcome: (typeof DECISION_OUTCOMES)[number];
  title: string;
  reason: string | null;
  link: string;
};

/**
 * The decision mail of one kind of item. Its own texts are `mail.approved.*` and
 * `mail.rejected.*` of `texts`; the greeting and signature are those of every moderation mail
 * (admin). `resubmit`: a rejection adds `mail.rejected.next`, how to change and send it again.
 */
export function decisionMail(kind: {
  name: string;
  texts: "admin" | "submissions";
  resubmit: boolean;
  example: { title: string; reason: string; link: (origin: string) => string };
}): MailTemplate<DecisionMailData> {
  return {
    name: kind.name,
    compose(data, language) {
      const common = mailT(language, "admin");
      const t = mailT(language, kind.texts);
      const values = { ...data, reason: data.reason ?? "" };
      const rejection = data.outcome === "rejected" ? [t("mail.rejected.reason", values)] : [];
      if (data.outcome === "rejected" && kind.resubmit) rejection.push(common("mail.rejected.next", values));
      return {
        subject: t(`mail.${data.outcome}.subject`, values),
        blocks: [
          common("mail.greeting", values),
          t(`mail.${data.outcome}.body`, values),
          ...rejection,
          data.link,
          common("mail.signature", values),
        ],
      };
    },
    examples: (origin) =>
      DECISION_OUTCOMES.map((outcome) => ({
        outcome,
        name: "Olena",
        title: kind.example.title,
        site: "Portal",
        reason: outcome === "rejected" ? kind.example.reason : null,
        link: kind.example.link(origin),
      })),
  };
}
