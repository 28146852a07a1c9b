import type { Page } from "playwright-core";
import type { Server } from "../support.ts";

/** The signed-in person upgrades to pro through the local checkout stand-in (a card that pays). */
export async function upgradeToPro(page: Page, server: Server): Promise<void> {
  await page.goto(`${server.url}/home/upgrade`);
  await page.getByTestId("checkout").click();
  await page.waitForURL(/\/checkout\/cs_test_/);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await page.waitForURL(/\/home\?upgraded=1$/);
}
