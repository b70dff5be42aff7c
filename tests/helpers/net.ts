import http from "node:http";
import net from "node:net";

/**
 * TCP ports nobody listens on right now, all different (the OS picks them from its ephemeral
 * range; the probes stay open together so two calls cannot hand out the same port).
 */
export async function freePorts(count: number): Promise<number[]> {
  const probes = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const probe = net.createServer();
          probe.unref();
          probe.on("error", reject);
          probe.listen(0, "127.0.0.1", () => resolve(probe));
        }),
    ),
  );
  const ports = probes.map((probe) => (probe.address() as net.AddressInfo).port);
  await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  return ports;
}

export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port!;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One HTTP request on its own fresh connection (no keep-alive pool), with the path sent byte for
 * byte: fetch() would normalise malformed query strings and reuse sockets, which hides what the
 * server does with them.
 */
export function request(
  baseUrl: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<RawResponse> {
  const base = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: base.hostname,
        port: base.port,
        path,
        method: options.method ?? "GET",
        headers: options.headers,
        agent: false,
        timeout: options.timeoutMs ?? 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        response.on("error", reject);
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error(`timed out: ${path}`)));
    outgoing.on("error", reject);
    outgoing.end(options.body);
  });
}

/**
 * Writes `text` as it is on a fresh TCP connection (CR LF line ends written out) and resolves with
 * the status code of what comes back before the server closes it (0 when nothing came). For
 * requests no HTTP client would send: no Host, a malformed one.
 */
export function rawRequest(baseUrl: string, text: string, timeoutMs = 10_000): Promise<number> {
  const base = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    // Written, not ended: a client that half-closes gets its request aborted by Node. Send
    // `Connection: close` (or HTTP/1.0) so that the server closes once it has answered.
    const socket = net.connect(Number(base.port), base.hostname, () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(new Error(`timed out: ${JSON.stringify(text.slice(0, 80))}`)),
    );
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(Buffer.concat(chunks).toString("latin1"));
      resolve(status ? Number(status[1]) : 0);
    });
  });
}
