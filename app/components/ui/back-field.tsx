import { useLocation } from "react-router";
import { BACK_FIELD } from "~/web/back-field.ts";

/**
 * The page this form is on, for its action to send a browser back to once it has done the work
 * when the form was posted without JavaScript (or before the page's scripts arrived). With
 * JavaScript the action answers the fetcher with data and the page stays as it is.
 */
export function BackField() {
  const location = useLocation();
  return <input type="hidden" name={BACK_FIELD} value={location.pathname + location.search} />;
}
