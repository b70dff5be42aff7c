import { afterEach, beforeEach, type MockInstance, vi } from "vitest";

/**
 * console.error in a test fails it (STYLE.md): React, the router and our own code report real
 * problems there. A test that expects one checks `vi.mocked(console.error).mock.calls` itself and
 * then clears them with `vi.mocked(console.error).mockClear()`.
 */
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  const original = console.error;
  consoleError = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    original(...args);
  });
});

afterEach(() => {
  const calls = [...consoleError.mock.calls];
  consoleError.mockRestore();
  if (calls.length > 0) {
    const printed = calls.map((args) => args.map(String).join(" ")).join("\n");
    throw new Error(`console.error was called ${calls.length} time(s) during the test:\n${printed}`);
  }
});
