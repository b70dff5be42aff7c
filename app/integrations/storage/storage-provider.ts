/**
 * Where uploaded files live (DESIGN §5): local disk by default, an S3-compatible bucket when
 * configured. Keys are relative paths such as `products/<random>-640w.webp`; files never change
 * once written (new content gets a new key), so they are served with a long cache.
 */
export interface StorageProvider {
  readonly name: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Removes the file; a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /** The URL a browser loads the file from. */
  publicUrl(key: string): string;
  /** The file's bytes, or null when there is no such file (e.g. for the share pictures drawn on the server). */
  read(key: string): Promise<Buffer | null>;
  /** The key behind one of this storage's public URLs; null for any other address. */
  keyForUrl(url: string): string | null;
}

/** The key after `base/` in `url`, if it is a safe one. */
export function keyUnder(base: string, url: string): string | null {
  const prefix = `${base}/`;
  if (!url.startsWith(prefix)) return null;
  const key = url.slice(prefix.length).split(/[?#]/)[0] ?? "";
  try {
    assertStorageKey(key);
    return key;
  } catch {
    return null;
  }
}

/** Cache header for stored files: their keys are never reused. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

const safeKey = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9._-]*)+$/i;

/** Keys are made by our own code; this refuses anything that could leave the storage root. */
export function assertStorageKey(key: string): void {
  if (!safeKey.test(key) || key.split("/").some((part) => part === ".." || part === ".")) {
    throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
  }
}
