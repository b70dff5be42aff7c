import { describe, expect, it } from "vitest";
import {
  afterSend,
  campaignProgress,
  claimBatchSize,
  MAX_SEND_ATTEMPTS,
  mayRetry,
  type Pace,
  retryDelayMs,
  sendIntervalMs,
  waitForSlot,
} from "./email-sending.ts";

describe("pacing", () => {
  it("spaces emails evenly at the rate per minute", () => {
    expect(sendIntervalMs(600)).toBe(100);
    expect(sendIntervalMs(60)).toBe(1000);
    expect(sendIntervalMs(0)).toBe(60_000);
  });

  it("sends the first email at once, then one per interval", () => {
    let pace: Pace = { nextSlotAt: null };
    expect(waitForSlot(pace, 1_000)).toBe(0);
    pace = afterSend(pace, 1_000, 600);
    expect(waitForSlot(pace, 1_000)).toBe(100);
    expect(waitForSlot(pace, 1_060)).toBe(40);
    expect(waitForSlot(pace, 1_200)).toBe(0);
  });

  it("never sends more than the rate in a minute, however the sends are timed", () => {
    const perMinute = 120;
    let pace: Pace = { nextSlotAt: null };
    let now = 0;
    const sentAt: number[] = [];
    while (now < 60_000) {
      now += waitForSlot(pace, now);
      if (now >= 60_000) break;
      sentAt.push(now);
      pace = afterSend(pace, now, perMinute);
      now += 7; // the send itself takes a little time
    }
    expect(sentAt).toHaveLength(perMinute);
  });

  it("does not save idle time up for a burst", () => {
    let pace: Pace = afterSend({ nextSlotAt: null }, 0, 60);
    // Nothing to send for ten minutes, then a new campaign starts.
    pace = afterSend(pace, 600_000, 60);
    expect(waitForSlot(pace, 600_000)).toBe(1_000);
  });

  it("claims about ten seconds of sending at once, between 1 and 100", () => {
    expect(claimBatchSize(1)).toBe(1);
    expect(claimBatchSize(600)).toBe(100);
    expect(claimBatchSize(60)).toBe(10);
    expect(claimBatchSize(100_000)).toBe(100);
  });
});

describe("retries", () => {
  it("waits twice as long after each failure, up to the cap", () => {
    expect(retryDelayMs(1)).toBe(60_000);
    expect(retryDelayMs(2)).toBe(120_000);
    expect(retryDelayMs(4)).toBe(480_000);
    expect(retryDelayMs(10)).toBe(30 * 60_000);
    expect(retryDelayMs(1, 100, 1_000)).toBe(100);
    expect(retryDelayMs(5, 100, 1_000)).toBe(1_000);
    expect(retryDelayMs(0)).toBe(60_000);
  });

  it("gives up after the last attempt", () => {
    expect(mayRetry(1)).toBe(true);
    expect(mayRetry(MAX_SEND_ATTEMPTS - 1)).toBe(true);
    expect(mayRetry(MAX_SEND_ATTEMPTS)).toBe(false);
  });
});

describe("campaignProgress", () => {
  it("counts sent and failed recipients as done", () => {
    expect(campaignProgress({ sent: 150, failed: 50, pending: 800 })).toEqual({
      total: 1000,
      sent: 150,
      failed: 50,
      pending: 800,
      percent: 20,
    });
    expect(campaignProgress({ sent: 0, failed: 0, pending: 0 }).percent).toBe(100);
    expect(campaignProgress({ sent: 2, failed: 0, pending: 1 }).percent).toBe(66);
  });
});
