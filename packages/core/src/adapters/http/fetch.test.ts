import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { isPrivateAddress } from "../../lib/syndication/address.ts";
import { fixture, startServer, type TestServer } from "../../lib/syndication/fixtures/server.ts";
import {
  guardedFetch,
  parseRetryAfter,
  type FetchOutcome,
  type GuardedFetchOptions,
  type ResolveHost,
} from "./fetch.ts";

const RSS = '<?xml version="1.0"?><rss version="2.0"><channel><title>t</title></channel></rss>';
const local: GuardedFetchOptions = { allowPrivate: true };

let servers: TestServer[] = [];
async function serve(handler: Parameters<typeof startServer>[0]): Promise<TestServer> {
  const server = await startServer(handler);
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

function expectError(outcome: FetchOutcome): Extract<FetchOutcome, { kind: "error" }> {
  if (outcome.kind !== "error") throw new Error(`expected an error, got ${outcome.kind}`);
  return outcome;
}
function expectOk(outcome: FetchOutcome): Extract<FetchOutcome, { kind: "ok" }> {
  if (outcome.kind !== "ok") throw new Error(`expected ok, got ${JSON.stringify(outcome)}`);
  return outcome;
}

/** A resolver that maps names to fixed addresses, as a hostile DNS server could. */
const resolverOf =
  (table: Record<string, string>): ResolveHost =>
  async (hostname) => {
    const address = table[hostname];
    if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return [{ address, family: address.includes(":") ? 6 : 4 }];
  };

describe("guardedFetch: basics", () => {
  it("returns the body, validators and final URL, and identifies itself", async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, {
        "content-type": "application/rss+xml; charset=utf-8",
        etag: '"v1"',
        "last-modified": "Fri, 12 Apr 2024 09:30:00 GMT",
      });
      response.end(RSS);
    });
    const outcome = expectOk(await guardedFetch(`${server.origin}/feed.xml#top`, local));
    expect(outcome).toEqual({
      kind: "ok",
      status: 200,
      body: RSS,
      contentType: "application/rss+xml; charset=utf-8",
      etag: '"v1"',
      lastModified: "Fri, 12 Apr 2024 09:30:00 GMT",
      finalUrl: `${server.origin}/feed.xml`,
    });
    const headers = server.requests[0]?.headers;
    expect(headers?.["user-agent"]).toBe("graph-feed-fetcher/1.0 (+https://graph.example/bot)");
    expect(headers?.accept).toMatch(/application\/rss\+xml/);
    expect(headers?.["accept-encoding"]).toBe("gzip, deflate, br");
    expect(headers?.["if-none-match"]).toBeUndefined();
  });

  it("refuses schemes other than http and https", async () => {
    for (const url of ["file:///etc/passwd", "ftp://example.com/feed", "gopher://example.com/"]) {
      const outcome = expectError(await guardedFetch(url, local));
      expect(outcome.error).toMatch(/only http and https/);
      expect(outcome.retryable).toBe(false);
    }
    expect(expectError(await guardedFetch("not a url", local)).error).toMatch(/invalid URL/);
  });

  it("reports a refused connection as retryable", async () => {
    const server = await serve(() => undefined);
    const url = `${server.origin}/feed`;
    await server.close();
    servers = [];
    const outcome = expectError(await guardedFetch(url, local));
    expect(outcome.error).toMatch(/connection refused/);
    expect(outcome.retryable).toBe(true);
  });
});

describe("guardedFetch: conditional GET", () => {
  const conditional = () =>
    serve((request, response) => {
      if (
        request.headers["if-none-match"] === '"v2"' ||
        request.headers["if-modified-since"] === "Fri, 12 Apr 2024 09:30:00 GMT"
      ) {
        response.writeHead(304, { etag: '"v2"' });
        response.end();
        return;
      }
      response.writeHead(200, { "content-type": "application/rss+xml", etag: '"v2"' });
      response.end(RSS);
    });

  it("sends If-None-Match and answers not-modified on 304", async () => {
    const server = await conditional();
    const outcome = await guardedFetch(`${server.origin}/feed`, { ...local, etag: '"v2"' });
    expect(outcome).toEqual({ kind: "not-modified", finalUrl: `${server.origin}/feed` });
    expect(server.requests[0]?.headers["if-none-match"]).toBe('"v2"');
  });

  it("sends If-Modified-Since and answers not-modified on 304", async () => {
    const server = await conditional();
    const outcome = await guardedFetch(`${server.origin}/feed`, {
      ...local,
      lastModified: "Fri, 12 Apr 2024 09:30:00 GMT",
    });
    expect(outcome.kind).toBe("not-modified");
  });

  it("fetches the body when the validator no longer matches", async () => {
    const server = await conditional();
    const outcome = expectOk(await guardedFetch(`${server.origin}/feed`, { ...local, etag: '"v1"' }));
    expect(outcome.body).toBe(RSS);
    expect(outcome.etag).toBe('"v2"');
  });
});

describe("guardedFetch: redirects", () => {
  it("follows redirects, resolving a relative Location against the current URL", async () => {
    const server = await serve((request, response) => {
      if (request.url === "/blog/old/feed") response.writeHead(301, { location: "../new/feed?x=1" }).end();
      else if (request.url === "/blog/new/feed?x=1") response.writeHead(302, { location: "/final.xml" }).end();
      else if (request.url === "/final.xml") response.writeHead(200, { "content-type": "text/xml" }).end(RSS);
      else response.writeHead(404).end();
    });
    const outcome = expectOk(await guardedFetch(`${server.origin}/blog/old/feed`, local));
    expect(outcome.finalUrl).toBe(`${server.origin}/final.xml`);
    expect(outcome.body).toBe(RSS);
    expect(server.requests.map((request) => request.path)).toEqual([
      "/blog/old/feed",
      "/blog/new/feed?x=1",
      "/final.xml",
    ]);
  });

  it("follows at most maxRedirects redirects", async () => {
    const server = await serve((request, response) => {
      const hop = Number(request.url?.slice(1));
      if (hop < 3) response.writeHead(307, { location: `/${hop + 1}` }).end();
      else response.writeHead(200).end(RSS);
    });
    expect(expectOk(await guardedFetch(`${server.origin}/0`, { ...local, maxRedirects: 3 })).finalUrl).toBe(
      `${server.origin}/3`,
    );
    const refused = expectError(await guardedFetch(`${server.origin}/0`, { ...local, maxRedirects: 2 }));
    expect(refused.error).toBe("too many redirects (more than 2)");
    expect(refused.retryable).toBe(false);
  });

  it("stops a redirect loop", async () => {
    const server = await serve((_request, response) => response.writeHead(302, { location: "/loop" }).end());
    expect(expectError(await guardedFetch(`${server.origin}/loop`, local)).error).toBe(
      "too many redirects (more than 5)",
    );
    expect(server.requests).toHaveLength(6);
  });

  it("refuses a redirect to a non-http scheme", async () => {
    const server = await serve((_request, response) =>
      response.writeHead(301, { location: "file:///etc/passwd" }).end(),
    );
    expect(expectError(await guardedFetch(`${server.origin}/`, local)).error).toMatch(
      /refused redirect to file:\/\/\/etc\/passwd: only http and https/,
    );
  });
});

describe("guardedFetch: private addresses (SSRF)", () => {
  it("refuses a private literal address without connecting", async () => {
    const server = await serve((_request, response) => response.end(RSS));
    const outcome = expectError(await guardedFetch(`${server.origin}/feed`, { allowPrivate: false }));
    expect(outcome.error).toBe(`refused ${server.origin}/feed: 127.0.0.1 is a private address`);
    expect(outcome.retryable).toBe(false);
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    "http://169.254.169.254/latest/meta-data/",
    "http://[fd00:ec2::254]/latest/meta-data/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://0x7f.1/",
    "http://2130706433/",
    "http://10.0.0.1/",
    "http://192.168.0.1:8080/",
  ])("refuses %s", async (url) => {
    const outcome = expectError(await guardedFetch(url, { allowPrivate: false }));
    expect(outcome.error).toMatch(/is a private address$/);
  });

  it("refuses a public-looking name that resolves to a private address, at connect time", async () => {
    const server = await serve((_request, response) => response.end(RSS));
    const lookedUp: string[] = [];
    const resolveHost: ResolveHost = async (hostname) => {
      lookedUp.push(hostname);
      return [{ address: "127.0.0.1", family: 4 }];
    };
    const url = `http://feeds.innocent.example:${server.port}/feed`;
    const outcome = expectError(await guardedFetch(url, { allowPrivate: false, resolveHost }));
    expect(outcome.error).toBe(`refused ${url}: feeds.innocent.example resolves to a private address (127.0.0.1)`);
    expect(outcome.retryable).toBe(false);
    expect(lookedUp).toEqual(["feeds.innocent.example"]);
    expect(server.requests).toHaveLength(0);

    // the same resolver is what the connection uses: with private feeds allowed it reaches the server
    expect(expectOk(await guardedFetch(url, { allowPrivate: true, resolveHost })).body).toBe(RSS);
    expect(server.requests).toHaveLength(1);
  });

  it("refuses a name when any of its addresses is private", async () => {
    const resolveHost: ResolveHost = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "10.0.0.7", family: 4 },
    ];
    const outcome = expectError(await guardedFetch("http://mixed.example/feed", { allowPrivate: false, resolveHost }));
    expect(outcome.error).toMatch(/resolves to a private address \(10\.0\.0\.7\)/);
  });

  it("refuses localhost through the system resolver", async () => {
    const server = await serve((_request, response) => response.end(RSS));
    const outcome = expectError(await guardedFetch(`http://localhost:${server.port}/`, { allowPrivate: false }));
    expect(outcome.error).toMatch(/localhost resolves to a private address/);
    expect(server.requests).toHaveLength(0);
  });

  describe("after a redirect", () => {
    // The test server is on 127.0.0.1; for these tests that one address counts as public.
    const onlyTestServerAllowed = (ip: string) => ip !== "127.0.0.1" && isPrivateAddress(ip);
    const resolveHost = resolverOf({ "feeds.example": "127.0.0.1", "intranet.example": "10.1.2.3" });

    it.each([
      ["a metadata address", "http://169.254.169.254/latest/meta-data/iam/", /169\.254\.169\.254 is a private address/],
      ["a private IPv6 literal", "http://[fd00::1]/", /fd00::1 is a private address/],
      [
        "a name resolving to a private address",
        "http://intranet.example/admin",
        /intranet\.example resolves to a private address \(10\.1\.2\.3\)/,
      ],
    ])("refuses a redirect to %s", async (_label, location, message) => {
      const server = await serve((_request, response) => response.writeHead(302, { location }).end());
      const options: GuardedFetchOptions = {
        allowPrivate: false,
        resolveHost,
        isBlockedAddress: onlyTestServerAllowed,
      };
      const outcome = expectError(await guardedFetch(`http://feeds.example:${server.port}/feed`, options));
      expect(outcome.error).toMatch(/^refused redirect to /);
      expect(outcome.error).toMatch(message);
      expect(outcome.retryable).toBe(false);
      expect(server.requests).toHaveLength(1);
    });

    it("follows a redirect to an allowed address", async () => {
      const server = await serve((request, response) => {
        if (request.url === "/feed")
          response.writeHead(302, { location: `http://127.0.0.1:${server.port}/moved` }).end();
        else response.end(RSS);
      });
      const options: GuardedFetchOptions = {
        allowPrivate: false,
        resolveHost,
        isBlockedAddress: onlyTestServerAllowed,
      };
      expect(expectOk(await guardedFetch(`http://feeds.example:${server.port}/feed`, options)).finalUrl).toBe(
        `http://127.0.0.1:${server.port}/moved`,
      );
    });
  });

  it("lets local servers through when allowPrivate is true", async () => {
    const server = await serve((_request, response) => response.end(RSS));
    expect(expectOk(await guardedFetch(`http://localhost:${server.port}/feed`, { allowPrivate: true })).body).toBe(RSS);
  });
});

describe("guardedFetch: size cap", () => {
  it("refuses a body whose Content-Length announces more than maxBytes, without reading it", async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { "content-length": String(10 * 1024 * 1024) });
      response.write("x".repeat(1024)); // never completes
    });
    const outcome = expectError(await guardedFetch(`${server.origin}/big`, { ...local, maxBytes: 1000 }));
    expect(outcome.error).toBe("response larger than 1000 bytes");
    expect(outcome.retryable).toBe(false);
  });

  it("stops reading a streamed body past maxBytes", async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { "content-type": "text/xml" });
      const chunk = "y".repeat(512);
      let sent = 0;
      const timer = setInterval(() => {
        if (response.destroyed || sent > 200) {
          clearInterval(timer);
          response.end();
          return;
        }
        response.write(chunk);
        sent++;
      }, 1);
    });
    const outcome = expectError(await guardedFetch(`${server.origin}/stream`, { ...local, maxBytes: 4000 }));
    expect(outcome.error).toBe("response larger than 4000 bytes");
  });

  it("applies the cap to decompressed bytes (a gzip bomb)", async () => {
    const bomb = gzipSync(Buffer.alloc(2 * 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(10_000);
    const server = await serve((_request, response) => {
      response.writeHead(200, { "content-encoding": "gzip", "content-length": String(bomb.length) });
      response.end(bomb);
    });
    const outcome = expectError(await guardedFetch(`${server.origin}/bomb`, { ...local, maxBytes: 100_000 }));
    expect(outcome.error).toBe("response larger than 100000 bytes");
  });

  it("accepts a body of exactly maxBytes", async () => {
    const server = await serve((_request, response) => response.end("z".repeat(1000)));
    expect(expectOk(await guardedFetch(`${server.origin}/`, { ...local, maxBytes: 1000 })).body).toHaveLength(1000);
  });
});

describe("guardedFetch: timeouts", () => {
  it("gives up on a server that trickles its body past the total timeout", async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { "content-type": "text/xml" });
      response.write("<rss>");
      const timer = setInterval(() => (response.destroyed ? clearInterval(timer) : response.write(" ")), 20);
    });
    const started = Date.now();
    const outcome = expectError(await guardedFetch(`${server.origin}/slow`, { ...local, totalTimeoutMs: 300 }));
    expect(outcome.error).toBe("timed out after 300 ms");
    expect(outcome.retryable).toBe(true);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("gives up on a server that never answers", async () => {
    const server = await serve(() => undefined);
    const outcome = expectError(await guardedFetch(`${server.origin}/silent`, { ...local, totalTimeoutMs: 200 }));
    expect(outcome.error).toBe("timed out after 200 ms");
  });

  it("gives up when connecting (name resolution included) takes longer than the connect timeout", async () => {
    const slowResolver: ResolveHost = () =>
      new Promise((resolve) => setTimeout(() => resolve([{ address: "127.0.0.1", family: 4 }]), 2000).unref());
    const outcome = expectError(
      await guardedFetch("http://slow-dns.example/feed", {
        allowPrivate: true,
        resolveHost: slowResolver,
        connectTimeoutMs: 100,
      }),
    );
    expect(outcome.error).toBe("could not connect to slow-dns.example within 100 ms");
    expect(outcome.retryable).toBe(true);
  });
});

describe("guardedFetch: HTTP errors", () => {
  const status = (code: number, headers: Record<string, string> = {}) =>
    serve((_request, response) => response.writeHead(code, headers).end("error page"));

  it("returns Retry-After seconds on 429", async () => {
    const server = await status(429, { "retry-after": "120" });
    expect(await guardedFetch(`${server.origin}/`, local)).toEqual({
      kind: "error",
      error: "HTTP 429 Too Many Requests (retry after 120 s)",
      status: 429,
      retryAfterSeconds: 120,
      retryable: true,
    });
  });

  it("returns Retry-After given as an HTTP date on 503", async () => {
    const later = new Date(Date.now() + 90_000).toUTCString();
    const server = await status(503, { "retry-after": later });
    const outcome = expectError(await guardedFetch(`${server.origin}/`, local));
    expect(outcome.status).toBe(503);
    expect(outcome.retryable).toBe(true);
    expect(outcome.retryAfterSeconds).toBeGreaterThanOrEqual(85);
    expect(outcome.retryAfterSeconds).toBeLessThanOrEqual(91);
  });

  it.each([
    [500, true],
    [502, true],
    [503, true],
    [408, true],
    [429, true],
    [400, false],
    [403, false],
    [404, false],
    [410, false],
  ])("HTTP %i is retryable: %s", async (code, retryable) => {
    const server = await status(code);
    const outcome = expectError(await guardedFetch(`${server.origin}/`, local));
    expect(outcome.status).toBe(code);
    expect(outcome.retryable).toBe(retryable);
    expect(outcome.error).toMatch(new RegExp(`^HTTP ${code} `));
  });
});

describe("guardedFetch: content encodings", () => {
  const body = `${RSS}<!-- ${"compressible ".repeat(200)} -->`;
  it.each([
    ["gzip", gzipSync],
    ["x-gzip", gzipSync],
    ["deflate", deflateSync],
    ["deflate", deflateRawSync],
    ["br", brotliCompressSync],
  ] as const)("decompresses %s", async (encoding, compress) => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { "content-encoding": encoding, "content-type": "text/xml" });
      response.end(compress(Buffer.from(body)));
    });
    expect(expectOk(await guardedFetch(`${server.origin}/`, local)).body).toBe(body);
  });

  it("reports a corrupt gzip body as an error", async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { "content-encoding": "gzip" });
      response.end(Buffer.from("definitely not gzip"));
    });
    expect(expectError(await guardedFetch(`${server.origin}/`, local)).error).toMatch(
      /could not decompress the gzip response/,
    );
  });
});

describe("guardedFetch: character encodings", () => {
  const latin1 = (text: string) => Buffer.from(text, "latin1");

  it("decodes by the XML declaration when Content-Type names no charset (windows-1252)", async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { "content-type": "application/rss+xml" });
      response.end(fixture("windows-1252.xml"));
    });
    const outcome = expectOk(await guardedFetch(`${server.origin}/`, local));
    expect(outcome.body).toContain("<title>Café Société</title>");
    expect(outcome.body).toContain("Crème brûlée, “the” classic – revisited");
    expect(outcome.body).toContain("coûte 2 €");
  });

  it("decodes by the Content-Type charset first (ISO-8859-1)", async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { "content-type": 'text/xml; charset="ISO-8859-1"' });
      response.end(latin1('<?xml version="1.0" encoding="utf-8"?><rss><channel><title>Été</title></channel></rss>'));
    });
    expect(expectOk(await guardedFetch(`${server.origin}/`, local)).body).toContain("<title>Été</title>");
  });

  it("defaults to UTF-8", async () => {
    const server = await serve((_request, response) =>
      response.end(Buffer.from("<title>naïve café ☕</title>", "utf8")),
    );
    expect(expectOk(await guardedFetch(`${server.origin}/`, local)).body).toBe("<title>naïve café ☕</title>");
  });

  it("reads undeclared bytes that are not UTF-8 as windows-1252", async () => {
    const server = await serve((_request, response) => response.end(latin1("<title>résumé</title>")));
    expect(expectOk(await guardedFetch(`${server.origin}/`, local)).body).toBe("<title>résumé</title>");
  });

  it("honours a UTF-16 byte-order mark", async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { "content-type": "text/xml" });
      response.end(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("<title>Ωmega</title>", "utf16le")]));
    });
    expect(expectOk(await guardedFetch(`${server.origin}/`, local)).body).toBe("<title>Ωmega</title>");
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2024-04-12T10:00:00Z");
  it.each([
    ["120", 120],
    [" 0 ", 0],
    ["Fri, 12 Apr 2024 10:02:00 GMT", 120],
    ["Fri, 12 Apr 2024 09:00:00 GMT", 0],
    ["soon", undefined],
    [undefined, undefined],
  ])("%j → %j", (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});
