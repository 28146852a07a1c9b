import { useSyncExternalStore } from "react";
import { readStorage, storageKeys, writeStorage } from "../lib/storage.ts";

type Listener = () => void;
const listeners = new Set<Listener>();

const media =
  typeof window !== "undefined" && "matchMedia" in window ? window.matchMedia("(prefers-color-scheme: dark)") : null;

function storedChoice(): boolean | null {
  const value = readStorage(storageKeys.darkMode);
  if (value === "true") return true;
  if (value === "false") return false;
  return null;
}

function computeDark(): boolean {
  return storedChoice() ?? media?.matches ?? false;
}

let isDark = computeDark();

function apply(): void {
  document.documentElement.setAttribute("data-theme", isDark ? "dark" : "light");
}

function update(): void {
  const next = computeDark();
  if (next === isDark) return;
  isDark = next;
  apply();
  for (const listener of listeners) listener();
}

media?.addEventListener("change", update);
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === storageKeys.darkMode || event.key === null) update();
  });
}

export function setDarkMode(dark: boolean): void {
  writeStorage(storageKeys.darkMode, String(dark));
  update();
}

export function toggleDarkMode(): void {
  setDarkMode(!isDark);
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDarkMode(): { isDark: boolean; toggle: () => void } {
  const dark = useSyncExternalStore(
    subscribe,
    () => isDark,
    () => false,
  );
  return { isDark: dark, toggle: toggleDarkMode };
}

export function syncThemeAttribute(): void {
  isDark = computeDark();
  apply();
}
