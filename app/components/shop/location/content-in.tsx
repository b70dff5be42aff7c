import type { ReactNode } from "react";

/**
 * A message with shop content in it ("{merchant}指定自取點", "{merchant} partner pickup point"):
 * the content comes as an element, so that a Chinese name on an English page can carry its own
 * `lang`. `message` is the message with its `{name}` placeholder left unfilled.
 */
export function ContentIn({
  message,
  name,
  children,
}: {
  message: string;
  name: string;
  children: ReactNode;
}) {
  const [before, after = ""] = message.split(`{${name}}`);
  return (
    <>
      {before}
      {children}
      {after}
    </>
  );
}
