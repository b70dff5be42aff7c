import pino from "pino";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendCode } from "~/auth/send-code.server.ts";
import { parseEnv } from "~/env.server.ts";
import { t } from "~/i18n/index.ts";
import { SmsSendError } from "~/integrations/sms/sms-provider.ts";
import { createTwilioSms } from "~/integrations/sms/twilio.server.ts";
import { createServices } from "~/services/context.server.ts";
import { codeIn, createMember, servicesWithSms, uniqueIp } from "../helpers/auth.ts";
import { type FakeTwilio, startFakeTwilio, twilioErrors } from "../helpers/auth-fake-twilio.ts";
import { setupTestDatabase } from "../helpers/database.ts";

/** One browser for the whole file: numbers differ per test, so its limits never meet. */
const DEVICE = "integration-test-device";

/** DESIGN §5: the Twilio provider over its REST API, against a local stand-in for Twilio. */

const database = setupTestDatabase();
let twilio: FakeTwilio;

beforeAll(async () => {
  twilio = await startFakeTwilio();
});
afterAll(async () => {
  await twilio?.close();
});

function provider(overrides: { authToken?: string; timeoutMs?: number } = {}) {
  return createTwilioSms({
    accountSid: twilio.accountSid,
    authToken: overrides.authToken ?? twilio.authToken,
    from: twilio.from,
    baseUrl: twilio.baseUrl,
    timeoutMs: overrides.timeoutMs,
  });
}

async function refusal(promise: Promise<unknown>): Promise<SmsSendError> {
  const error = await promise.then(
    () => {
      throw new Error("expected the send to fail");
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SmsSendError);
  return error as SmsSendError;
}

describe("Twilio provider", () => {
  it("posts the message form with basic auth to the account's Messages.json", async () => {
    const body = "【齊齊買】你的驗證碼是 123456，5 分鐘內有效。";
    await provider().send({ to: "91234567", body });

    const request = twilio.requests.at(-1)!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe(`/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`);
    expect(request.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    const [scheme, credentials] = request.authorization!.split(" ");
    expect(scheme).toBe("Basic");
    expect(Buffer.from(credentials!, "base64").toString("utf8")).toBe(
      `${twilio.accountSid}:${twilio.authToken}`,
    );
    expect(Object.fromEntries(request.form)).toEqual({ To: "+85291234567", From: twilio.from, Body: body });
  });

  it("turns Twilio's 400 'not a valid phone number' into an SmsSendError with status and code", async () => {
    twilio.replyNext(twilioErrors.invalidTo("+85291234567"));
    const error = await refusal(provider().send({ to: "91234567", body: "hi" }));
    expect(error.status).toBe(400);
    expect(error.code).toBe(21211);
    expect(error.message).toContain("is not a valid phone number");
  });

  it("reports a wrong auth token as Twilio's 401 (code 20003)", async () => {
    const error = await refusal(
      provider({ authToken: "not-the-token" }).send({ to: "91234567", body: "hi" }),
    );
    expect(error).toMatchObject({ status: 401, code: 20003 });
  });

  it("reports Twilio's rate limit (429, code 20429)", async () => {
    twilio.replyNext(twilioErrors.tooManyRequests());
    expect(await refusal(provider().send({ to: "91234567", body: "hi" }))).toMatchObject({
      status: 429,
      code: 20429,
    });
  });

  it("reports a reply that is not JSON with its HTTP status", async () => {
    twilio.replyNext({ status: 502, body: "<html>Bad Gateway</html>", contentType: "text/html" });
    const error = await refusal(provider().send({ to: "91234567", body: "hi" }));
    expect(error.status).toBe(502);
    expect(error.code).toBeUndefined();
  });

  it("gives up on a Twilio that does not answer", async () => {
    twilio.replyNext("hang");
    const started = Date.now();
    await expect(provider({ timeoutMs: 300 }).send({ to: "91234567", body: "hi" })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe("sign-in codes through Twilio", () => {
  it("is the provider chosen when TWILIO_* is configured, and its code signs the member in", async () => {
    const env = parseEnv({
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: twilio.from,
      TWILIO_BASE_URL: twilio.baseUrl,
    });
    const services = createServices({ db: database.db, log: pino({ level: "silent" }), env });
    expect(services.providers.sms.name).toBe("twilio");

    const member = await createMember(database.db);
    expect(
      await services.members.auth.sendCode({
        phone: member.phone,
        purpose: "login",
        ip: uniqueIp(),
        device: DEVICE,
      }),
    ).toEqual({
      status: "sent",
    });
    const request = twilio.requests.at(-1)!;
    expect(request.form.get("To")).toBe(`+852${member.phone}`);
    const result = await services.members.auth.signIn({
      phone: member.phone,
      code: codeIn(request.form.get("Body")!),
      ip: null,
      userAgent: null,
      previousToken: null,
      device: DEVICE,
    });
    expect(result.status).toBe("ok");
    // Nothing went to the outbox: the real provider is live.
    expect(await services.messages.outbox.list(member.phone)).toEqual([]);
  });

  it("answers the send-code form with auth.smsFailed when Twilio refuses", async () => {
    const services = servicesWithSms(database.db, provider());
    const context = {
      services,
      log: pino({ level: "silent" }),
      requestId: "test",
      shopMode: "demo",
      clientIp: uniqueIp(),
      cspNonce: undefined,
      dataRequest: false,
    } satisfies AppLoadContext;
    const member = await createMember(database.db);

    twilio.replyNext(twilioErrors.invalidTo(`+852${member.phone}`));
    await expect(
      services.members.auth.sendCode({
        phone: member.phone,
        purpose: "login",
        ip: uniqueIp(),
        device: DEVICE,
      }),
    ).rejects.toBeInstanceOf(SmsSendError);

    const other = await createMember(database.db);
    twilio.replyNext(twilioErrors.authenticate());
    expect(await sendCode(context, other.phone, "login")).toEqual({
      sent: false,
      phoneError: t("auth.smsFailed"),
    });
  });
});
