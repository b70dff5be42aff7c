import net from "node:net";
import { SMTPServer, type SMTPServerSession } from "smtp-server";
import { freePorts } from "./net.ts";

/** One message as the test server accepted it. */
interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** A header's value (first occurrence, unfolded), or undefined. */
  header(name: string): string | undefined;
  /** The text/html part, decoded (quoted-printable or base64). */
  htmlPart(): string;
}

function decodeHtmlPart(raw: string): string {
  const part = raw.split(/--[^\r\n]+\r?\n/).find((chunk) => /Content-Type: text\/html/i.test(chunk));
  if (!part) throw new Error("no HTML part");
  const [head = "", ...rest] = part.split(/\r?\n\r?\n/);
  const content = rest.join("\n\n");
  if (/Content-Transfer-Encoding: base64/i.test(head)) {
    return Buffer.from(content.replace(/\s+/g, ""), "base64").toString("utf8");
  }
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) {
    const bytes = content
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return content;
}

/**
 * How the server behaves right now:
 * - `accept`: takes every message;
 * - `refuse`: answers MAIL FROM with 421 and hangs up (a server too busy to talk);
 * - `drop`: the network drops connections: new ones at once, open ones at their next MAIL FROM;
 * - `closed`: nothing listens (connection refused); open connections drop at their next MAIL FROM;
 * - `drop-after-data`: reads the whole message, then the connection breaks before the reply;
 * - `reject-rcpt`: 550 for every recipient (an address that does not exist).
 */
type SmtpMode = "accept" | "refuse" | "drop" | "closed" | "drop-after-data" | "reject-rcpt";

export interface FakeSmtp {
  url: string;
  received: ReceivedMail[];
  /** Messages read in `drop-after-data` mode: they may or may not count as delivered. */
  unacknowledged: ReceivedMail[];
  /** Accepted messages per recipient address. */
  countTo(address: string): number;
  setMode(mode: SmtpMode): Promise<void>;
  /** Called after each accepted message (the test changes modes from here). */
  onAccepted?: (count: number) => void;
  close(): Promise<void>;
}

function parseHeaders(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const at = line.indexOf(":");
    if (at <= 0) continue;
    const name = line.slice(0, at).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(at + 1).trim());
  }
  return headers;
}

/**
 * A local SMTP server (the `smtp-server` package) behind a small TCP proxy, so a test can make the
 * "network" drop or refuse connections the way a real outage does.
 */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const [proxyPort = 0, smtpPort = 0] = await freePorts(2);
  let mode: SmtpMode = "accept";
  const received: ReceivedMail[] = [];
  const unacknowledged: ReceivedMail[] = [];
  const counts = new Map<string, number>();

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (mode === "drop" || mode === "closed") {
        // No reply at all: the connection is gone while the client waits (before any message data).
        for (const socket of clients) socket.destroy();
        return;
      }
      if (mode === "refuse") {
        const error = Object.assign(new Error("Too busy, try again later"), { responseCode: 421 });
        return callback(error);
      }
      callback();
    },
    onRcptTo(_address, _session, callback) {
      if (mode === "reject-rcpt") {
        return callback(Object.assign(new Error("No such user"), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const headers = parseHeaders(raw);
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          raw,
          header: (name) => headers.get(name.toLowerCase()),
          htmlPart: () => decodeHtmlPart(raw),
        };
        if (mode === "drop-after-data") {
          unacknowledged.push(mail);
          for (const socket of clients) socket.destroy();
          return;
        }
        received.push(mail);
        for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
        callback();
        fake.onAccepted?.(received.length);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", () => resolve()));

  // The proxy: every client connection is piped to the SMTP server unless the mode says otherwise.
  const clients = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    if (mode === "drop") {
      client.destroy();
      return;
    }
    const upstream = net.connect(smtpPort, "127.0.0.1");
    // SMTP is many small request-reply turns: without this, Nagle's algorithm adds delays.
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    clients.add(client);
    clients.add(upstream);
    const forget = () => {
      clients.delete(client);
      clients.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", forget);
    upstream.on("error", forget);
    client.on("close", forget);
    upstream.on("close", forget);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  let listening = false;
  async function listen() {
    if (listening) return;
    await new Promise<void>((resolve) => proxy.listen(proxyPort, "127.0.0.1", () => resolve()));
    listening = true;
  }
  async function stopListening() {
    if (!listening) return;
    listening = false;
    // Stops accepting; open connections are dropped at their next MAIL FROM (or by `close`).
    proxy.close();
  }
  await listen();

  const fake: FakeSmtp = {
    url: `smtp://127.0.0.1:${proxyPort}`,
    received,
    unacknowledged,
    countTo: (address) => counts.get(address.toLowerCase()) ?? 0,
    async setMode(next) {
      mode = next;
      if (next === "closed") await stopListening();
      else await listen();
    },
    async close() {
      await stopListening();
      for (const socket of clients) socket.destroy();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
  return fake;
}
