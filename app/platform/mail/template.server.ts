import { createElement, Fragment, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Language } from "#app/i18n/locales.ts";
import { sendMail, type SentMail } from "./mailer.server.ts";

// A mail body is a template: a pure function from the mail's data (names, titles, absolute
// links, the site's name) and the recipient's language to a subject and a list of blocks.
// One React component renders the blocks as the HTML part; the plain-text part is written
// from the same blocks. Each domain keeps its templates in its mails/ folder, each with
// example data, so `npm run mail:preview` and tests/unit/mail-templates.test.ts render every
// kind in both languages. (Plain createElement, not JSX: the preview script runs under node's
// type stripping, which reads .ts only.)

/** A paragraph (a bare http(s) URL becomes a link), or a titled link (an advert, a thread). */
type MailBlock = string | { text: string; link: string };

export type MailContent = { subject: string; blocks: MailBlock[] };

/** Whom a mail greets (the recipient's name) and signs as (the site's name): part of every mail's data. */
export type MailParties = { name: string; site: string };

/** A mail the user chose and may stop: besides its parties, the page of its settings and the one-click unsubscribe link. */
export type OptionalMailData = MailParties & { settingsLink: string; unsubscribe: string };

export type MailTemplate<Data> = {
  /** The kind's name, for preview files. */
  name: string;
  compose(data: Data, language: Language): MailContent;
  /** Example data with links from `origin`, one per variant of the mail (preview and tests). */
  examples(origin: string): Data[];
};

export type RenderedMail = { subject: string; html: string; text: string };

const BARE_URL = /^https?:\/\/\S+$/;

function Paragraph({ text }: { text: string }): ReactNode {
  if (BARE_URL.test(text)) return createElement("p", null, createElement("a", { href: text }, text));
  const lines = text.split("\n");
  return createElement(
    "p",
    null,
    ...lines.flatMap((line, index) => (index === 0 ? [line] : [createElement("br", { key: `br${index}` }), line])),
  );
}

function MailBody({ content, language }: { content: MailContent; language: Language }): ReactNode {
  return createElement(
    "html",
    { lang: language },
    createElement("head", null, createElement("meta", { charSet: "utf-8" }), createElement("title", null, content.subject)),
    createElement(
      "body",
      null,
      content.blocks.map((block, index) =>
        typeof block === "string"
          ? createElement(Paragraph, { key: index, text: block })
          : createElement(
              "p",
              { key: index },
              createElement(Fragment, null, block.text, createElement("br"), createElement("a", { href: block.link }, block.link)),
            ),
      ),
    ),
  );
}

/** The plain-text part: the blocks as paragraphs, a titled link as its title over its link. */
function mailText(content: MailContent): string {
  return `${content.blocks.map((block) => (typeof block === "string" ? block : `${block.text}\n${block.link}`)).join("\n\n")}\n`;
}

export function renderMail(content: MailContent, language: Language): RenderedMail {
  return {
    subject: content.subject,
    html: `<!doctype html>${renderToStaticMarkup(createElement(MailBody, { content, language }))}`,
    text: mailText(content),
  };
}

/** Every http(s) link of a mail's blocks (tests check they are absolute from the public origin). */
export function mailLinks(content: MailContent): string[] {
  return content.blocks.flatMap((block) => (typeof block === "string" ? (BARE_URL.test(block) ? [block] : []) : [block.link]));
}

export type Envelope = {
  to: string;
  language: Language;
  /** The link the message is about (printed with the outbox line). */
  link?: string;
  fromName: string;
  headers?: Record<string, string>;
  /** One of a batch (see MailMessage.bulk). */
  bulk?: boolean;
};

/** Writes the mail from its template and data in the recipient's language and sends it. */
export function sendTemplateMail<Data>(template: MailTemplate<Data>, data: Data, envelope: Envelope): Promise<SentMail> {
  const mail = renderMail(template.compose(data, envelope.language), envelope.language);
  return sendMail({
    to: envelope.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    link: envelope.link,
    fromName: envelope.fromName,
    headers: envelope.headers,
    bulk: envelope.bulk,
  });
}
