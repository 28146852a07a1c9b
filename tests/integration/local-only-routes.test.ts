import { describe, expect, it } from "vitest";
import { useTestApi } from "../support/runtime.ts";

const api = useTestApi();

/** The node bindings `@hono/node-server` hands the root app, for a socket from `remote`. */
const from = (remote: string) => ({
  incoming: {
    socket: {
      remoteAddress: remote,
      remotePort: 40000,
      remoteFamily: remote.includes(":") ? "IPv6" : "IPv4",
      localAddress: "0.0.0.0",
    },
  },
  outgoing: {},
});

const sendMessage = {
  method: "POST",
  headers: { "content-type": "application/x-amz-json-1.0", "x-amz-target": "AmazonSQS.SendMessage" },
  body: JSON.stringify({
    QueueUrl: "http://x/_aws/sqs/000000000000/MailQueue",
    MessageBody: JSON.stringify({ to: "victim@example.com", subject: "s", text: "t", html: "h" }),
  }),
};

const LOCAL_ONLY: Array<[string, RequestInit]> = [
  ["/api/dev/outbox", {}],
  ["/api/dev/status", {}],
  ["/api/dev/jobs/ingest", { method: "POST" }],
  ["/api/dev/sources/paused", {}],
  ["/api/dev/users/someone/plan", { method: "POST", body: JSON.stringify({ plan: "team" }) }],
  ["/dev/outbox", {}],
  ["/api/dev/ops", {}],
  ["/dev/ops", {}],
  ["/_aws/sqs/000000000000/MailQueue", sendMessage],
  ["/_aws/ses/v2/email/outbound-emails", { method: "POST", body: "{}" }],
  ["/_aws/s3/graph-search/anything", {}],
  ["/@connections/abc", { method: "POST", body: "hi" }],
  ["/_google/youtube/v3/subscriptions?part=snippet&mine=true", {}],
  ["/_google/dev/revoke", { method: "POST", body: JSON.stringify({ email: "a@example.com" }) }],
  ["/_spotify/authorize", {}],
  ["/_spotify/api/token", { method: "POST", body: "grant_type=refresh_token&refresh_token=x" }],
  ["/_spotify/v1/me", {}],
  ["/_spotify/dev/revoke", { method: "POST", body: JSON.stringify({ listener: "Ada Listener" }) }],
  ["/_discord/oauth2/authorize", {}],
  ["/_discord/api/oauth2/token", { method: "POST", body: "grant_type=authorization_code&code=x" }],
  ["/_discord/api/v10/webhooks/1/x?wait=true", { method: "POST", body: JSON.stringify({ content: "hi" }) }],
  ["/_discord/viewer", {}],
  ["/_discord/dev/channels", {}],
  ["/_discord/dev/interactions", { method: "POST", body: JSON.stringify({ command: "help" }) }],
];

describe("the runtime's stand-ins and dev routes", () => {
  it.each(LOCAL_ONLY)("answer %s 404 to a caller on the network, as if they did not exist", async (path, init) => {
    const response = await api.runtime.root.request(`http://graph.test${path}`, init, from("192.0.2.44"));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Not found." });
  });

  it("accept nothing from the network: a SendMessage from there queues no mail", async () => {
    const before = api.runtime.outbox.list().length;
    await api.runtime.root.request(
      "http://graph.test/_aws/sqs/000000000000/MailQueue",
      sendMessage,
      from("::ffff:10.1.2.3"),
    );
    await api.runtime.dispatcher.idle();
    expect(api.runtime.outbox.list()).toHaveLength(before);
  });

  it("still serve loopback callers, in-process and over a real socket", async () => {
    expect((await api.runtime.root.request("http://graph.test/api/dev/status", {}, from("127.0.0.1"))).status).toBe(
      200,
    );
    expect((await api.runtime.root.request("http://graph.test/api/dev/outbox", {}, from("::1"))).status).toBe(200);
    const overTcp = await fetch(`${api.runtime.url}/api/dev/status`);
    expect(overTcp.status).toBe(200);
    expect(await overTcp.json()).toMatchObject({ idle: expect.any(Boolean) });
  });

  it("leave the API open to the network", async () => {
    const response = await api.runtime.root.request("http://graph.test/api/rss/liked_ids", {}, from("192.0.2.44"));
    expect(response.status).toBe(401);
  });
});
