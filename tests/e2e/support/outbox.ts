import type { Page } from "@playwright/test";

/** A message the demo shop's outbox holds in place of an SMS or email sent (DESIGN §5). */
export interface OutboxMessage {
  channel: string;
  subject: string | null;
  body: string;
}

/**
 * The outbox's messages to a phone number or email address, newest first (`/dev/outbox`).
 *
 * Asked through the page's request context, whose kept-alive connection may sit idle for longer
 * than the server's keep-alive timeout (5 s) while a journey goes on in the browser: reused just as
 * the server closes it, the request fails with ECONNRESET before the server has read it. Playwright
 * sends it again on such a reset (`maxRetries`, which retries only ECONNRESET).
 */
export async function outboxTo(page: Page, to: string): Promise<OutboxMessage[]> {
  const response = await page.request.get(`/dev/outbox?to=${encodeURIComponent(to)}`, { maxRetries: 2 });
  if (!response.ok()) throw new Error(`/dev/outbox answered ${response.status()}`);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}
