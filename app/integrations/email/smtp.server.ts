import { Readable } from "node:stream";
import MailComposer from "nodemailer/lib/mail-composer";
import SMTPConnection from "nodemailer/lib/smtp-connection";
import {
  type EmailFailure,
  type EmailMessage,
  type EmailProvider,
  EmailSendError,
} from "./email-provider.ts";

export interface SmtpConfig {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`, nodemailer's URL format. */
  url: string;
  /** The From address (EMAIL_FROM). */
  from: string;
  /** Connecting, the greeting and each reply; the server is given up on after this long. */
  timeoutMs?: number;
  /** A connection is closed after this many messages or this long unused. */
  maxMessagesPerConnection?: number;
  idleCloseMs?: number;
}

/**
 * `smtp://user:pass@host:587` or `smtps://…:465` read with the URL standard: where to connect, TLS
 * from the first byte for smtps, and the credentials (percent-decoded).
 */
export function smtpAddress(url: string) {
  const address = new URL(url);
  const secure = address.protocol === "smtps:";
  const user = decodeURIComponent(address.username);
  return {
    host: address.hostname.replace(/^\[(.*)\]$/, "$1"),
    // No port: nodemailer's own default (465 with TLS from the start, 587 or 25 otherwise).
    port: address.port ? Number(address.port) : undefined,
    secure,
    auth: user ? { user, pass: decodeURIComponent(address.password) } : undefined,
  };
}

/** SMTP commands about this one message; a reply to anything else is about the whole session. */
const MESSAGE_COMMANDS = new Set(["RCPT TO", "DATA"]);

interface NodemailerError extends Error {
  code?: string;
  responseCode?: number;
  command?: string;
}

/**
 * Sorts a nodemailer error into what the sender should do (decision 0007). `handedOver`: the whole
 * message was passed to the server, so a broken connection now leaves its fate unknown.
 */
function classifySmtpError(error: NodemailerError, handedOver: boolean): EmailFailure {
  const reply = error.responseCode;
  if (reply && error.command && MESSAGE_COMMANDS.has(error.command)) {
    if (reply === 421) return "unavailable";
    return reply >= 500 ? "rejected" : "deferred";
  }
  // A malformed address or a message the server said is too big: no server can take it.
  if (!reply && (error.code === "EENVELOPE" || error.code === "EMESSAGE")) return "rejected";
  if (reply || error.code === "EAUTH" || error.code === "ETLS") return "unavailable";
  return handedOver ? "unknown" : "unavailable";
}

/**
 * Runs one step of the SMTP conversation. Nodemailer reports some failures (a refused connection,
 * a socket error while signing in) only as an `error` event, not through the step's callback.
 */
function step(
  connection: SMTPConnection,
  run: (done: (error?: Error | null) => void) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => finish(error);
    const onEnd = () =>
      finish(Object.assign(new Error("Connection closed unexpectedly"), { code: "ECONNECTION" }));
    function finish(error?: Error | null) {
      connection.off("error", onError);
      connection.off("end", onEnd);
      if (error) reject(error);
      else resolve();
    }
    connection.once("error", onError);
    connection.once("end", onEnd);
    run(finish);
  });
}

/**
 * Email over SMTP (DESIGN §5) with nodemailer's documented SMTP connection
 * (nodemailer.com/extras/smtp-connection) and mail composer (nodemailer.com/extras/mailcomposer),
 * one message at a time over a kept connection. Not nodemailer's pooled transport: that reads the
 * message before the server accepts the envelope, and we need to know whether a broken connection
 * happened before or after the message was handed over (the `unknown` case above; decision 0007).
 */
export function createSmtpEmail(config: SmtpConfig): EmailProvider {
  const { auth, ...connectionOptions } = smtpAddress(config.url);
  const timeoutMs = config.timeoutMs ?? 20_000;
  const maxMessages = config.maxMessagesPerConnection ?? 100;
  const idleCloseMs = config.idleCloseMs ?? 15_000;

  let current: { connection: SMTPConnection; sent: number } | null = null;
  let idleTimer: NodeJS.Timeout | undefined;
  // One conversation at a time: SMTP sends messages one after another on a connection.
  let queue: Promise<unknown> = Promise.resolve();

  function drop() {
    clearTimeout(idleTimer);
    const open = current;
    current = null;
    open?.connection.close();
  }

  async function connection(): Promise<{ connection: SMTPConnection; sent: number }> {
    if (current && current.sent < maxMessages) return current;
    if (current) {
      current.connection.quit();
      current = null;
    }
    const connection = new SMTPConnection({
      ...connectionOptions,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
    const opened = { connection, sent: 0 };
    // Failures reach the callbacks below; the event only tells us this connection is finished.
    connection.on("error", () => {
      if (current === opened) current = null;
    });
    connection.on("end", () => {
      if (current === opened) current = null;
    });
    await step(connection, (done) => connection.connect(done));
    if (auth?.user) {
      const credentials = { user: auth.user, pass: auth.pass ?? "" };
      await step(connection, (done) => connection.login(credentials, done));
    }
    current = opened;
    return opened;
  }

  async function sendNow(message: EmailMessage): Promise<void> {
    clearTimeout(idleTimer);
    const raw = await new MailComposer({
      from: { name: message.fromName ?? "", address: config.from },
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      messageId: message.messageId ? `<${message.messageId}>` : undefined,
      headers: message.headers,
    })
      .compile()
      .build();
    let handedOver = false;
    try {
      const open = await connection();
      const body = Readable.from([raw]);
      body.on("end", () => {
        handedOver = true;
      });
      const envelope = { from: config.from, to: [message.to] };
      await step(open.connection, (done) => open.connection.send(envelope, body, (error) => done(error)));
      open.sent += 1;
      idleTimer = setTimeout(drop, idleCloseMs);
      idleTimer.unref();
    } catch (error) {
      // After any failure the session's state is unclear: start the next message on a new one.
      drop();
      const failure = classifySmtpError(error as NodemailerError, handedOver);
      throw new EmailSendError(
        `SMTP: ${(error as Error).message}`,
        failure === "deferred" || failure === "unavailable",
        failure,
      );
    }
  }

  return {
    name: "smtp",
    send(message) {
      const sending = queue.then(() => sendNow(message));
      queue = sending.catch(() => undefined);
      return sending;
    },
    close() {
      drop();
    },
  };
}
