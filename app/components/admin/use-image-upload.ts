import { type ChangeEvent, useState } from "react";

/**
 * A picture chosen in a file input, sent to POST /admin/upload (stored under `folder`); its stored
 * address goes to `onUploaded`, or `uploadError` says why not (`failed` when the answer does not).
 */
export function useImageUpload(
  folder: string,
  failed: string,
  onUploaded: (address: string, file: File) => void,
) {
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = "";
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    try {
      const body = new FormData();
      body.set("folder", folder);
      body.set("file", file);
      const response = await fetch("/admin/upload", { method: "POST", body });
      const answer = (await response.json().catch(() => ({}))) as { url?: string; error?: string };
      if (response.ok && answer.url) onUploaded(answer.url, file);
      else setUploadError(answer.error ?? failed);
    } catch {
      setUploadError(failed);
    } finally {
      setUploading(false);
    }
  }

  return { uploading, uploadError, setUploadError, upload };
}
