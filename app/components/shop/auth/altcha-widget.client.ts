/**
 * The `altcha` widget, loaded only when a sign-in code needs a proof-of-work challenge (decision
 * 0046): the build without bundled workers, so the solver runs in a worker file served by the shop
 * (the Content-Security-Policy allows no `blob:` workers), and the widget's own zh-HK words.
 */
import "altcha/external";
import "altcha/i18n/zh-hk";
import "altcha/altcha.css";
import ShaWorker from "altcha/workers/sha?worker";

const altcha = (globalThis as { $altcha?: { algorithms: Map<string, () => Worker> } }).$altcha;
for (const algorithm of ["SHA-256", "SHA-384", "SHA-512"]) {
  altcha?.algorithms.set(algorithm, () => new ShaWorker());
}
