import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPrivateAddress } from "../../lib/syndication/index.ts";
import { fetchPicture } from "./proxied.ts";

/** Loopback is this test's "outside" site; every other private address stays refused. */
const guard = {
  isBlockedAddress: (ip: string) => ip !== "127.0.0.1" && isPrivateAddress(ip),
  totalTimeoutMs: 1500,
};

let server: http.Server;
let base: string;
const open = new Set<http.ServerResponse>();

beforeAll(async () => {
  server = http.createServer((request, response) => {
    open.add(response);
    response.on("close", () => open.delete(response));
    switch (request.url) {
      case "/endless.png": {
        // A gigabyte, never declared: cut off at the cap while it streams.
        response.writeHead(200, { "content-type": "image/png" });
        const chunk = Buffer.alloc(64 * 1024, 1);
        const pump = () => {
          while (response.write(chunk));
        };
        response.on("drain", pump);
        pump();
        return;
      }
      case "/declared.png":
        response.writeHead(200, { "content-type": "image/png", "content-length": String(1024 ** 3) });
        response.write(Buffer.alloc(1024));
        return;
      case "/drip.png": {
        response.writeHead(200, { "content-type": "image/png" });
        const timer = setInterval(() => response.write(Buffer.from([0x89])), 100);
        response.on("close", () => clearInterval(timer));
        return;
      }
      case "/to-metadata.png":
        response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
        return;
      case "/to-private.png":
        response.writeHead(302, { location: "http://10.1.2.3/x.png" }).end();
        return;
      default:
        response.writeHead(200, { "content-type": "image/gif" }).end(Buffer.from("GIF89a"));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const response of open) response.destroy();
  await new Promise((resolve) => server.close(resolve));
});

describe("outside pictures: fetching through the guard", () => {
  it("cuts off an endless body at the cap, as it streams", async () => {
    const before = process.memoryUsage().rss;
    const outcome = await fetchPicture(`${base}/endless.png`, { guard });
    expect(outcome).toEqual({ refused: expect.stringMatching(/larger than/) });
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it("refuses a body declared at a gigabyte without reading it", async () => {
    expect(await fetchPicture(`${base}/declared.png`, { guard })).toEqual({
      refused: expect.stringMatching(/larger than/),
    });
  });

  it("gives up on a slow drip within the time limit", async () => {
    const started = Date.now();
    const outcome = await fetchPicture(`${base}/drip.png`, { guard });
    expect(outcome).toEqual({ retry: expect.stringMatching(/timed out/) });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("refuses private addresses, named or reached by a redirect", async () => {
    expect(await fetchPicture("http://10.0.0.1/a.png", { guard })).toEqual({
      refused: expect.stringMatching(/private address/),
    });
    expect(await fetchPicture("http://[::1]/a.png", { guard })).toEqual({
      refused: expect.stringMatching(/private address/),
    });
    expect(await fetchPicture(`${base}/to-metadata.png`, { guard })).toEqual({
      refused: expect.stringMatching(/169\.254\.169\.254 is a private address/),
    });
    expect(await fetchPicture(`${base}/to-private.png`, { guard })).toEqual({
      refused: expect.stringMatching(/private address/),
    });
    // Without the test's exception, loopback is private too.
    expect(await fetchPicture(`${base}/ok.gif`)).toEqual({ refused: expect.stringMatching(/private address/) });
  });

  it("refuses what is not http(s)", async () => {
    expect(await fetchPicture("file:///etc/passwd", { guard })).toEqual({
      refused: expect.stringMatching(/only http/),
    });
    expect(await fetchPicture("data:image/png;base64,AAAA", { guard })).toHaveProperty("refused");
  });
});
