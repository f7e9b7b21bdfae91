import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { getConfig } from "#app/platform/config/config.server.ts";
import { logger } from "#app/platform/logger/logger.server.ts";

// Outgoing mail: SMTP (nodemailer) when SMTP_URL is set; otherwise every message is saved
// as an .eml file in $DATA_DIR/outbox/ and its link printed, so development and tests can
// follow it without a mail server.

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The link the message is about: printed with the outbox line. */
  link?: string;
  /** Display name of the sender (the site's name). */
  fromName?: string;
  /** Extra headers (List-Unsubscribe for alerts). */
  headers?: Record<string, string>;
  /** One of many mails sent in a row (a newsletter's batch): over a kept-open SMTP connection, not one each. */
  bulk?: boolean;
};

export type SentMail = { transport: "smtp" | "outbox"; file?: string };

let smtp: { url: string; transport: Transporter } | undefined;
// Bulk mail reuses its connections: opening one per message costs a handshake each, which for a
// batch of thousands is most of its time.
let pooled: { url: string; transport: Transporter } | undefined;
const POOL = { pool: true, maxConnections: 2, maxMessages: 200 } as const;
/** A server that hangs fails the job well within its time limit (app/platform/jobs), and it is retried; nodemailer's defaults are minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
const outboxTransport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

function sender(fromName: string | undefined): string {
  const config = getConfig();
  if (config.mailFrom) return config.mailFrom;
  const host = config.publicUrl ? new URL(config.publicUrl).hostname : "localhost";
  const address = `no-reply@${host}`;
  return fromName ? `"${fromName.replace(/["\\\r\n]/g, "")}" <${address}>` : address;
}

export async function sendMail(message: MailMessage): Promise<SentMail> {
  const config = getConfig();
  const envelope = {
    from: sender(message.fromName),
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
  };
  if (config.smtpUrl) {
    if (message.bulk) {
      if (pooled?.url !== config.smtpUrl) {
        pooled?.transport.close();
        pooled = { url: config.smtpUrl, transport: nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS, ...POOL }) };
      }
      await pooled.transport.sendMail(envelope);
      return { transport: "smtp" };
    }
    if (smtp?.url !== config.smtpUrl)
      smtp = { url: config.smtpUrl, transport: nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS }) };
    await smtp.transport.sendMail(envelope);
    return { transport: "smtp" };
  }
  // The outbox copy names its link in a header too, for people and tests reading the file.
  const info = await outboxTransport.sendMail({
    ...envelope,
    headers: { ...message.headers, ...(message.link ? { "X-Portal-Link": message.link } : {}) },
  });
  await mkdir(config.paths.outbox, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join(config.paths.outbox, `${stamp}-${randomBytes(4).toString("hex")}.eml`);
  await writeFile(file, info.message as Buffer);
  logger.info(
    { to: message.to, subject: message.subject, link: message.link, file },
    `mail to ${message.to}: ${message.subject}${message.link ? ` ${message.link}` : ""} (${file})`,
  );
  return { transport: "outbox", file };
}
