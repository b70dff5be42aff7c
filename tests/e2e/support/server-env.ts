/**
 * Where the e2e server listens and keeps its embedded Postgres (apart from `npm start`'s 3000/5433).
 * E2E_PORT, E2E_PG_PORT and E2E_DATA_DIR move it, so two runs on one machine stay apart.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_PG_PORT = Number(process.env.E2E_PG_PORT ?? 5450);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? "tmp/e2e-data";
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATABASE_URL = `postgres://postgres:gather@127.0.0.1:${E2E_PG_PORT}/gather`;
