/**
 * The server of the bare app (`npm run bench:ssr-floor`): React Router's Express adapter and
 * express.static for the build's client folder (its assets and the bench's saved copies), nothing
 * else. BARE_APP_BUILD_DIR is the build, PORT and HOST where to listen.
 */
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import express from "express";

const buildDir = path.resolve(process.env.BARE_APP_BUILD_DIR ?? path.join(import.meta.dirname, "build"));
const build = await import(path.join(buildDir, "server/index.js"));
const app = express();
app.disable("x-powered-by");
app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false }));
app.all("*splat", createRequestHandler({ build, mode: "production" }));
app.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? "127.0.0.1", () => {
  console.log(`bare app on http://${process.env.HOST ?? "127.0.0.1"}:${process.env.PORT ?? 3000}`);
});
