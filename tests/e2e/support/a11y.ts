import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const SERIOUS = new Set(["serious", "critical"]);

/**
 * Rules whose findings are never serious or critical (`hidden-content` is minor, `region` moderate):
 * they cannot fail this check, and on a listing they take a third of axe's time.
 */
const NEVER_SERIOUS = ["hidden-content", "region"];

const CHECK_STYLE = `
* { content-visibility: visible !important; }
[data-sonner-toast], [data-sonner-toast] > * { transition: none !important; animation: none !important; }
[data-sonner-toast]:not([data-mounted="true"]), [data-sonner-toast][data-removed="true"],
[data-sonner-toast][data-visible="false"] { visibility: hidden !important; }
`;

/**
 * Runs axe on the page as it stands and fails on any serious or critical violation, naming each one.
 * Legacy mode runs axe in the page itself: the shop has no cross-origin frames to reach, and the
 * default mode's extra blank page for `finishRun` doubled the time of every check.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // A toast still fading in has the blended colour of a half-transparent one, which axe measures
  // as too little contrast: wait for every finite animation and transition to end first.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  // What is off screen is laid out only as it comes near (`content-visibility: auto`, decision 0019),
  // so axe would measure sizes and spacing on boxes that are not laid out: lay everything out for
  // the check, as a shopper scrolling down would see it, then put the page back.
  // A toast can also start to come or go while axe runs (its 1.5 s or 3 s end, under load, falls
  // inside the check): axe then measured it half faded, as too little contrast (issue 28). For the
  // check, toasts do not fade: one that is shown is measured at full opacity, one that is coming or
  // going is hidden from the check.
  const layoutAll = await page.addStyleTag({ content: CHECK_STYLE });
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .disableRules(NEVER_SERIOUS)
    .setLegacyMode()
    .analyze();
  await layoutAll.evaluate((style) => (style as HTMLStyleElement).remove());
  const serious = results.violations.filter(
    (violation) => SERIOUS.has(violation.impact ?? "") && violation.id !== "document-title",
  );
  const report = serious.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help}\n` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(" ")}  ${node.failureSummary?.split("\n").join(" ") ?? ""}`)
        .join("\n"),
  );
  expect(report, `axe on ${page.url()}`).toEqual([]);
}
