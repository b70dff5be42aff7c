import type express from "express";
import { t } from "../app/i18n/index.ts";

/**
 * Issue 26 item 7: a URL whose path or query carries a NUL byte (`%00`) is answered 400 here, before
 * any loader reads it: PostgreSQL refuses NUL in text, so such a value would otherwise reach a query
 * and fail with a 500. No page of the shop has a use for one. (Form bodies are checked where every
 * form is read, app/services/request-body.server.ts.)
 */
export function refuseNulInUrl(req: express.Request, res: express.Response, next: express.NextFunction) {
  if (!req.originalUrl.includes("%00")) return next();
  res.status(400).type("text/plain; charset=utf-8").send(t("error.badRequest"));
}
