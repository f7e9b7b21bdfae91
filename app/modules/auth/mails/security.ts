import type { Language } from "#app/i18n/locales.ts";
import { formatDate, formatTime } from "#app/platform/format/dates.ts";
import { deviceLabel, type Device } from "#app/modules/auth/device-label.ts";
import { mailT } from "#app/platform/mail/compose.server.ts";
import type { MailParties, MailTemplate } from "#app/platform/mail/template.server.ts";

export const SECURITY_EVENTS = [
  "new-device",
  "two-factor-on",
  "two-factor-off",
  "passkey-added",
  "passkey-removed",
  "password-changed",
  "email-changed",
  "account-secured",
] as const;
export type SecurityEvent = (typeof SECURITY_EVENTS)[number];

/** Something changed on the account; `notMe` signs out everywhere and mails a password reset. */
export type SecurityMailData = MailParties & {
  event: SecurityEvent;
  /** Parts joined in the mail's language; a string from older queued jobs is shown as it is. */
  device: Device | string | null;
  at: Date;
  notMe: string;
  removedPasskeys?: { names: string[]; unknown: boolean };
};

function when(at: Date, language: Language): string {
  return `${formatDate(at, language)}, ${formatTime(at, language)}`;
}

export const securityMail: MailTemplate<SecurityMailData> = {
  name: "auth-security",
  compose(data, language) {
    const t = mailT(language, "security");
    const values = {
      name: data.name,
      site: data.site,
      device: typeof data.device === "string" ? data.device : deviceLabel(data.device, t),
      time: when(data.at, language),
    };
    const removed = data.removedPasskeys;
    return {
      subject: t(`mail.events.${data.event}.subject`, values),
      blocks: [
        t("mail.greeting", values),
        t(`mail.events.${data.event}.body`, values),
        ...(removed
          ? [
              t(removed.unknown ? "mail.passkeys_removed_unknown" : "mail.passkeys_removed", {
                ...values,
                names: removed.names.map((name) => `“${name}”`).join(", "),
              }),
            ]
          : []),
        t("mail.when", values),
        t("mail.if_you", values),
        t("mail.not_me", values),
        data.notMe,
        t("mail.signature", values),
      ],
    };
  },
  examples: (origin) => [
    ...SECURITY_EVENTS.map((event) => ({
      event,
      name: "Olena",
      site: "Portal",
      device: event === "new-device" ? { browser: "Firefox", os: "Linux" } : null,
      at: new Date("2026-11-27T09:30:00Z"),
      notMe: `${origin}/not-me?token=example`,
    })),
    {
      event: "account-secured" as const,
      name: "Olena",
      site: "Portal",
      device: null,
      at: new Date("2026-11-27T09:30:00Z"),
      notMe: `${origin}/not-me?token=example`,
      removedPasskeys: { names: ["Laptop"], unknown: false },
    },
  ],
};
