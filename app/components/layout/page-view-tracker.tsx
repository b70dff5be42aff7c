import { useEffect } from "react";
import { useLocation } from "react-router";

const VISITOR_KEY = "gather.visitor";

function visitorId(): string {
  try {
    let id = localStorage.getItem(VISITOR_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(VISITOR_KEY, id);
    }
    return id;
  } catch {
    return "";
  }
}

/** SPEC §4: a page view on the first load and after every completed route change. */
export function PageViewTracker() {
  const location = useLocation();
  useEffect(() => {
    const body = JSON.stringify({
      path: location.pathname + location.search,
      visitorId: visitorId(),
      referrer: document.referrer,
    });
    const blob = new Blob([body], { type: "application/json" });
    if (!navigator.sendBeacon?.("/api/page-view", blob)) {
      void fetch("/api/page-view", {
        method: "POST",
        body,
        keepalive: true,
        headers: { "content-type": "application/json" },
      });
    }
  }, [location.pathname, location.search]);
  return null;
}
