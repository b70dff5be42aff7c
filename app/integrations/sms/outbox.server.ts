import type { Logger } from "pino";
import type { SmsMessage, SmsProvider } from "./sms-provider.ts";

/** Demo and test provider: keeps each message (in Postgres, through `save`) and logs it. */
export function createOutboxSms(deps: {
  save: (message: SmsMessage) => Promise<void>;
  log: Logger;
}): SmsProvider {
  return {
    name: "outbox",
    async send(message) {
      await deps.save(message);
      deps.log.info({ sms: { to: message.to, body: message.body } }, "SMS kept in the outbox");
    },
  };
}
