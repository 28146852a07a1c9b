/// <reference lib="dom" />
import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInPage, type Server, useBrowserServer } from "./support.ts";

/**
 * A browser's own upload of a photo, as the profile tab makes it: presigned POST straight to the
 * local S3 stand-in with XMLHttpRequest (upload progress), under the page's Content-Security-
 * Policy, then the confirm, then the WebP variant shown from /media.
 */
let server: Server;
let browser: Browser;
useBrowserServer({}, (started) => ({ server, browser } = started));

describe("uploading a photo from the browser", () => {
  it("posts to the bucket with progress, confirms, shows the variant, and reports a blocked picture", async () => {
    const { page, userId } = await signedInPage(browser, server);
    await page.goto(`${server.url}/home/tune?tab=profile`);
    const result = await page.evaluate(async (userId) => {
      const picture = (colour: string, type: string) =>
        new Promise<Blob>((resolve) => {
          const canvas = document.createElement("canvas");
          canvas.width = canvas.height = 64;
          const context = canvas.getContext("2d")!;
          context.fillStyle = colour;
          context.fillRect(0, 0, 64, 64);
          if (colour !== "#ff00ff") {
            context.fillStyle = "#ffffff";
            context.fillRect(8, 8, 20, 20);
          }
          canvas.toBlob((blob) => resolve(blob!), type);
        });
      const files = [
        { name: "me.jpg", type: "image/jpeg", blob: await picture("#2255aa", "image/jpeg") },
        { name: "marker.png", type: "image/png", blob: await picture("#ff00ff", "image/png") },
      ];
      const json = async (path: string, body: unknown) => {
        const response = await fetch(path, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        return { status: response.status, body: await response.json() };
      };
      const presigned = await json("/api/images/upload_url", {
        userId,
        files: files.map((f) => ({ name: f.name, type: f.type, size: f.blob.size })),
      });
      const tickets = presigned.body.uploads as Array<{
        key: string;
        name: string;
        url: string;
        fields: Record<string, string>;
      }>;
      const progress: number[] = [];
      const statuses = await Promise.all(
        tickets.map(
          (ticket, i) =>
            new Promise<number>((resolve) => {
              const form = new FormData();
              for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
              form.append("file", files[i]!.blob);
              const request = new XMLHttpRequest();
              request.open("POST", ticket.url);
              request.upload.onprogress = (event) => progress.push(event.loaded);
              request.onload = () => resolve(request.status);
              request.onerror = () => resolve(0);
              request.send(form);
            }),
        ),
      );
      const confirmed = await json("/api/images/upload", {
        userId,
        uploads: tickets.map((t) => ({ key: t.key, name: t.name })),
      });
      const url = confirmed.body.images[0]?.url as string;
      const shown = await new Promise<number>((resolve) => {
        const img = new Image();
        img.onload = () => resolve(img.naturalWidth);
        img.onerror = () => resolve(-1);
        img.src = new URL(url).pathname;
      });
      return { presign: presigned.status, statuses, progress: progress.length, confirmed, shown };
    }, userId);

    expect(result.presign).toBe(200);
    expect(result.statuses).toEqual([204, 204]);
    expect(result.progress).toBeGreaterThan(0);
    expect(result.confirmed.status).toBe(200);
    expect(result.confirmed.body.blocked).toEqual([{ name: "marker.png", reason: "Explicit Nudity" }]);
    expect(result.confirmed.body.images).toHaveLength(1);
    expect(result.shown).toBe(64);
  });
});
