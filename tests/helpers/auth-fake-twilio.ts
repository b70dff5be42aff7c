import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for Twilio's Messages API on 127.0.0.1 (random port). It checks requests the way
 * Twilio does (basic auth, form fields, E.164 number) and answers with Twilio's JSON shapes,
 * including its error replies. Tests read `requests` and may force the next reply with `replyNext`.
 */

interface TwilioRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: URLSearchParams;
}

export interface FakeReply {
  status: number;
  body: string;
  contentType?: string;
}

export interface FakeTwilio {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
  requests: TwilioRequest[];
  /** Answers the next request with this reply instead of checking it. */
  replyNext(reply: FakeReply | "hang"): void;
  close(): Promise<void>;
}

const twilioError = (status: number, code: number, message: string): FakeReply => ({
  status,
  body: JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }),
});

export const twilioErrors = {
  invalidTo: (to: string) => twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`),
  authenticate: () => twilioError(401, 20003, "Authenticate"),
  tooManyRequests: () => twilioError(429, 20429, "Too Many Requests"),
};

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const accountSid = `AC${randomBytes(16).toString("hex")}`;
  const authToken = randomBytes(16).toString("hex");
  const from = "+15005550006";
  const requests: TwilioRequest[] = [];
  let forced: FakeReply | "hang" | undefined;
  const hanging = new Set<http.ServerResponse>();

  function answer(request: TwilioRequest): FakeReply {
    const expectedPath = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
    if (request.method !== "POST" || request.path !== expectedPath) {
      return twilioError(404, 20404, `The requested resource ${request.path} was not found`);
    }
    const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
    if (request.authorization !== expectedAuth) return twilioErrors.authenticate();
    const to = request.form.get("To") ?? "";
    if (!/^\+852[4-9]\d{7}$/.test(to)) return twilioErrors.invalidTo(to);
    if (!request.form.get("From")) return twilioError(400, 21603, "A 'From' phone number is required.");
    const body = request.form.get("Body") ?? "";
    if (!body) return twilioError(400, 21602, "Message body is required.");
    const sid = `SM${randomBytes(16).toString("hex")}`;
    const now = new Date().toUTCString().replace("GMT", "+0000");
    return {
      status: 201,
      body: JSON.stringify({
        account_sid: accountSid,
        api_version: "2010-04-01",
        body,
        date_created: now,
        date_sent: null,
        date_updated: now,
        direction: "outbound-api",
        error_code: null,
        error_message: null,
        from: request.form.get("From"),
        messaging_service_sid: null,
        num_media: "0",
        num_segments: "1",
        price: null,
        price_unit: "USD",
        sid,
        status: "queued",
        subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json` },
        to,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      }),
    };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request: TwilioRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        authorization: req.headers.authorization,
        contentType: req.headers["content-type"],
        form: new URLSearchParams(Buffer.concat(chunks).toString("utf8")),
      };
      requests.push(request);
      const reply = forced ?? answer(request);
      forced = undefined;
      if (reply === "hang") {
        hanging.add(res);
        return;
      }
      res.writeHead(reply.status, { "content-type": reply.contentType ?? "application/json; charset=utf-8" });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    from,
    requests,
    replyNext(reply) {
      forced = reply;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
