import { type SmsProvider, SmsSendError } from "./sms-provider.ts";

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  from: string;
  /** Overridable so tests can point at a local server. */
  baseUrl?: string;
  timeoutMs?: number;
}

/** Twilio's Messages API over plain HTTPS (form-encoded POST with basic auth). */
export function createTwilioSms(config: TwilioConfig): SmsProvider {
  const baseUrl = config.baseUrl ?? "https://api.twilio.com";
  const auth = Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64");
  return {
    name: "twilio",
    async send(message) {
      const url = `${baseUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
      const response = await fetch(url, {
        method: "POST",
        headers: {
          authorization: `Basic ${auth}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ To: `+852${message.to}`, From: config.from, Body: message.body }),
        signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
      });
      if (response.ok) return;
      const reply = (await response.json().catch(() => ({}))) as { code?: number; message?: string };
      throw new SmsSendError(
        `Twilio refused the message: ${reply.message ?? response.statusText}`,
        response.status,
        reply.code,
      );
    },
  };
}
