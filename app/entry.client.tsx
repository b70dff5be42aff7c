import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadMessages } from "~/i18n/load-messages.ts";
import { localeOfPath } from "~/i18n/locale.ts";

/**
 * React Router's own client entry, once the page's language's messages are here (decision 0054):
 * hydration then renders what the server rendered, words and all, at its first attempt.
 */
void loadMessages(localeOfPath(window.location.pathname))
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
