import { createHash, createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for an S3-compatible service on 127.0.0.1 (random port), reached path-style
 * (`/<bucket>/<key>`) like MinIO or R2. It checks each request's AWS Signature V4 against its own
 * keys, keeps PutObject bodies in memory, and answers with S3's XML error shapes.
 */

interface S3Request {
  method: string;
  path: string;
  key: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  signatureValid: boolean;
}

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  requests: S3Request[];
  objects: Map<string, { body: Buffer; contentType: string | undefined; cacheControl: string | undefined }>;
  /** Answers every PutObject with 403 AccessDenied until called with false. */
  refusePuts(refuse: boolean): void;
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

function s3Error(res: http.ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { "content-type": "application/xml" });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message><RequestId>${randomBytes(8).toString("hex")}</RequestId></Error>`,
  );
}

/** Recomputes the request's SigV4 signature (AWS docs: "Create a signed AWS API request"). */
function signatureMatches(
  req: http.IncomingMessage,
  body: Buffer,
  keys: { accessKeyId: string; secretAccessKey: string; region: string },
): boolean {
  const authorization = req.headers.authorization ?? "";
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) return false;
  const [, accessKeyId, date, region, signedHeaders, signature] = match as unknown as string[];
  if (accessKeyId !== keys.accessKeyId || region !== keys.region) return false;
  const payloadHash = req.headers["x-amz-content-sha256"];
  if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256(body)) return false;
  const url = new URL(req.url ?? "/", "http://fake");
  const query = [...url.searchParams.entries()]
    .map(([name, value]) => [encodeURIComponent(name), encodeURIComponent(value)])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const headerNames = signedHeaders!.split(";");
  const canonicalHeaders = headerNames
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? "")
          .trim()
          .replace(/\s+/g, " ")}\n`,
    )
    .join("");
  const canonicalRequest = [
    req.method,
    url.pathname,
    query,
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join("\n");
  const amzDate = String(req.headers["x-amz-date"] ?? "");
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
  let key = hmac(`AWS4${keys.secretAccessKey}`, date!);
  for (const part of [region!, "s3", "aws4_request"]) key = hmac(key, part);
  return createHmac("sha256", key).update(stringToSign).digest("hex") === signature;
}

export async function startFakeS3(): Promise<FakeS3> {
  const bucket = "gather-test";
  const region = "auto";
  const accessKeyId = `AK${randomBytes(8).toString("hex").toUpperCase()}`;
  const secretAccessKey = randomBytes(20).toString("base64");
  const requests: S3Request[] = [];
  const objects: FakeS3["objects"] = new Map();
  let refusingPuts = false;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const path = new URL(req.url ?? "/", "http://fake").pathname;
      const prefix = `/${bucket}/`;
      const key = path.startsWith(prefix) ? decodeURIComponent(path.slice(prefix.length)) : "";
      const signatureValid = signatureMatches(req, body, { accessKeyId, secretAccessKey, region });
      requests.push({ method: req.method ?? "", path, key, headers: req.headers, body, signatureValid });
      if (!key) return s3Error(res, 404, "NoSuchBucket", "The specified bucket does not exist");
      if (!signatureValid) {
        return s3Error(
          res,
          403,
          "SignatureDoesNotMatch",
          "The request signature we calculated does not match",
        );
      }
      if (req.method === "PUT") {
        if (refusingPuts) return s3Error(res, 403, "AccessDenied", "Access Denied");
        objects.set(key, {
          body,
          contentType: req.headers["content-type"],
          cacheControl: req.headers["cache-control"],
        });
        res.writeHead(200, { etag: `"${createHash("md5").update(body).digest("hex")}"` });
        return res.end();
      }
      if (req.method === "DELETE") {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      return s3Error(res, 405, "MethodNotAllowed", "The specified method is not allowed");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    requests,
    objects,
    refusePuts(refuse) {
      refusingPuts = refuse;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
