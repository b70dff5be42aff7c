import type { CardProvider } from "./payment-provider.ts";

/**
 * DESIGN §4.6: outside production, a payment page of our own with 成功 / 失敗 buttons that drives
 * the same completion as a verified provider callback, so demos and tests run end to end.
 */
export function createSandboxCardProvider(): CardProvider {
  return {
    name: "sandbox",
    async start(payment) {
      const providerRef = `sandbox_${payment.reference}`;
      return { redirectUrl: `/payment/sandbox?ref=${encodeURIComponent(providerRef)}`, providerRef };
    },
    // The sandbox page pays only a payment still pending in our own table, so ending it there is enough.
    async expire() {
      return "expired";
    },
    // Demo mode: the card refund succeeds at once, under one id per refund, as a provider's would.
    async refund(refund) {
      return { providerRefundId: `sandbox_refund_${refund.idempotencyKey}`, state: "succeeded" };
    },
  };
}
