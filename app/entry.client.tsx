import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadMessages } from "~/i18n/load-messages.ts";

/**
 * React Router's own client entry, once the page's language's messages are here (decision 0054):
 * hydration then renders what the server rendered, words and all, at its first attempt.
 */
// The language the server rendered the page in (root.tsx's <html lang>).
void loadMessages(document.documentElement.lang === "en" ? "en" : "zh-HK")
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
