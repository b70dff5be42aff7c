import type { Logger } from "pino";
import type { EmailMessage, EmailProvider } from "./email-provider.ts";

/** Demo and test provider: keeps the plain-text part of each email (in Postgres, through `save`). */
export function createOutboxEmail(deps: {
  save: (message: { to: string; subject: string; body: string }) => Promise<void>;
  log: Logger;
}): EmailProvider {
  return {
    name: "outbox",
    async send(message: EmailMessage) {
      await deps.save({ to: message.to, subject: message.subject, body: message.text });
      deps.log.info({ email: { to: message.to, subject: message.subject } }, "email kept in the outbox");
    },
  };
}
