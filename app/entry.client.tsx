import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { type Group, loadMessages } from "~/i18n/load-messages.ts";

/**
 * React Router's own client entry, once the page's language's messages are here (decision 0054):
 * hydration then renders what the server rendered, words and all, at its first attempt.
 */
// The language the server rendered the page in and its message groups (root.tsx's <html lang
// data-messages>).
const html = document.documentElement;
void loadMessages(
  html.lang === "en" ? "en" : "zh-HK",
  (html.dataset.messages ?? "shell").split(" ") as Group[],
)
  .catch(() => undefined)
  .then(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
  });
