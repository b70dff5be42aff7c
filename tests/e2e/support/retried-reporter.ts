import { stripVTControlCharacters } from "node:util";
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/**
 * Flaky means broken (issue 28): CI allows one retry so a run still finishes, and this lists at the
 * end every journey that needed it, whether the retry passed or not, with where it failed first.
 */
export default class RetriedReporter implements Reporter {
  private readonly firstFailures = new Map<TestCase, string>();
  private readonly retried = new Set<TestCase>();

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.retry === 0 && result.status !== "passed" && result.status !== "skipped") {
      const message = result.error?.message?.split("\n").find((line) => line.trim()) ?? result.status;
      this.firstFailures.set(test, stripVTControlCharacters(message).trim());
    }
    if (result.retry > 0) this.retried.add(test);
  }

  onEnd(_result: FullResult) {
    if (this.retried.size === 0) return;
    const lines = [...this.retried].map((test) => {
      const [, project, ...titles] = test.titlePath();
      const where = `${test.location.file.replace(`${process.cwd()}/`, "")}:${test.location.line}`;
      const outcome = test.outcome() === "flaky" ? "passed on retry" : "failed on retry too";
      const first = this.firstFailures.get(test);
      return `  [${project}] ${where} › ${titles.slice(1).join(" › ")} (${outcome})${first ? `\n      first failure: ${first}` : ""}`;
    });
    console.log(
      `\n${this.retried.size} journey(s) needed a retry; flaky means broken, fix the cause:\n${lines.join("\n")}`,
    );
  }

  printsToStdio() {
    return false;
  }
}
