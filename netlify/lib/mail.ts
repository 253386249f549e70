import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { company } from '@/data/company';
import { type Env, getEnv } from './env';

/**
 * The one way out for email: nodemailer over the SMTP server of SMTP_URL. Without SMTP_URL there is
 * no mailer, and the outbox keeps messages for staff to read instead.
 */

/** A rendered message, as the outbox stores it. */
interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers: Record<string, string>;
  /** Kept across retries, so a receiver that saw it once can tell a repeat. */
  messageId: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

// A server that does not answer must not hold a delivery run (or a message's lease) for long.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** The From address: MAIL_FROM, else the company's name at a no-reply address. */
function mailFrom(env: Env = getEnv()): string {
  return env.MAIL_FROM ?? `"${company.name}" <no-reply@nec-cargo.example>`;
}

/** A mailer for SMTP_URL, or null when none is configured. */
export function createMailer(env: Env = getEnv()): Mailer | null {
  if (!env.SMTP_URL) return null;
  const url = env.SMTP_URL;
  const from = mailFrom(env);
  // Loaded on the first send: every function that writes to the outbox imports this module, and most
  // never send (loading nodemailer costs some 80 ms of a cold start).
  let transport: Promise<Transporter<SMTPTransport.SentMessageInfo>> | undefined;
  const open = () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url, ...TIMEOUTS }),
    );
    return transport;
  };
  return {
    async send(message) {
      const info = await (await open()).sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
        messageId: message.messageId,
      });
      if (info.rejected.length > 0) {
        throw Object.assign(new Error(`The server refused the recipient ${info.rejected.join(', ')}`), {
          responseCode: 550,
        });
      }
    },
    close: () => {
      transport?.then(
        (opened) => opened.close(),
        () => undefined,
      );
    },
  };
}

/** A refusal that will not change on retry (an SMTP 5xx answer, e.g. an unknown mailbox). */
export function isPermanentFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('responseCode' in error)) return false;
  const code = error.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** One line saying why a delivery failed, for the Outbox page. */
export function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split('\n')[0] ?? '').slice(0, 500);
}
