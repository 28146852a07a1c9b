import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  RELOADED_KEY,
  chunkLoaded,
  isChunkLoadError,
  isReloading,
  onPreloadError,
  resetReloading,
} from "./chunk-reload.ts";

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

function setup({ online = true } = {}) {
  const storage = memoryStorage();
  const reload = vi.fn();
  const env = { online: () => online, storage: () => storage, reload };
  const event = () => ({ preventDefault: vi.fn() });
  return { storage, reload, env, event };
}

beforeEach(() => resetReloading());

describe("a chunk that fails to load", () => {
  it("reloads the page once, and lets the next failure through to the error page", () => {
    const { env, reload, event, storage } = setup();
    const first = event();
    expect(onPreloadError(first, env)).toBe("reloading");
    expect(first.preventDefault).toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.getItem(RELOADED_KEY)).not.toBeNull();

    // The page after the reload: the same chunk fails again.
    resetReloading();
    const second = event();
    expect(onPreloadError(second, env)).toBe("already-reloaded");
    expect(second.preventDefault).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("keeps the other chunks failing during the reload away from the page", () => {
    const { env, reload, event } = setup();
    onPreloadError(event(), env);
    const other = event();
    expect(onPreloadError(other, env)).toBe("reloading");
    expect(other.preventDefault).toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(isReloading()).toBe(true);
  });

  it("may reload once more after a page's chunk has loaded again", () => {
    const { env, reload, event, storage } = setup();
    onPreloadError(event(), env);
    resetReloading();
    chunkLoaded(storage);
    expect(onPreloadError(event(), env)).toBe("reloading");
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("does not reload while offline (the error page waits for the connection)", () => {
    const { env, reload, event, storage } = setup({ online: false });
    const offline = event();
    expect(onPreloadError(offline, env)).toBe("offline");
    expect(offline.preventDefault).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    expect(storage.getItem(RELOADED_KEY)).toBeNull();
  });

  it("does not reload when it could not remember doing so", () => {
    const reload = vi.fn();
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => undefined,
    };
    const event = { preventDefault: vi.fn() };
    expect(onPreloadError(event, { online: () => true, storage: () => refusing, reload })).toBe("already-reloaded");
    expect(onPreloadError(event, { online: () => true, storage: () => null, reload })).toBe("already-reloaded");
    expect(reload).not.toHaveBeenCalled();
  });
});

describe("isChunkLoadError", () => {
  it("knows the browsers' and Vite's words for a chunk that did not load", () => {
    for (const message of [
      "Failed to fetch dynamically imported module: http://x/assets/FindPage-abc.js",
      "error loading dynamically imported module",
      "Importing a module script failed.",
      "Unable to preload CSS for /assets/FindPage-Cx1.css",
    ]) {
      expect(isChunkLoadError(new Error(message)), message).toBe(true);
    }
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});
