import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { assertStorageKey, keyUnder, type StorageProvider } from "./storage-provider.ts";

/**
 * Files under `<dataDir>/uploads`, which server/index.ts serves at `/uploads` with a long cache.
 * Each file is written under a temporary name and renamed, so a reader never sees half a file.
 */
export function createLocalStorage(config: { dataDir: string; baseUrl?: string }): StorageProvider {
  const root = path.resolve(config.dataDir, "uploads");
  const baseUrl = (config.baseUrl ?? "/uploads").replace(/\/+$/, "");
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split("/"));
  };
  return {
    name: "local",
    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await fs.writeFile(temporary, body, { mode: 0o644 });
        await fs.rename(temporary, file);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    publicUrl(key) {
      assertStorageKey(key);
      return `${baseUrl}/${key}`;
    },
    async read(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    keyForUrl(url) {
      return keyUnder(baseUrl, url);
    },
  };
}
