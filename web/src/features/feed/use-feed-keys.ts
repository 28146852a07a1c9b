import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { type FeedKeyAction, feedKeyAction } from "./use-feed-keys-map.ts";

/** Every card of the feed and of the following feed carries it (and `tabIndex={-1}`, to take focus). */
const CARD = "[data-feed-card]";
/** The card's controls, found as the card renders them (the same buttons a pointer uses). */
const LIKE = '[data-testid="add-toggle"]';
const SILENCE = '[data-testid="silence-source"]';
const REFRESH = '[data-testid="manual-refresh"]';
const REFRESH_WAIT = '[data-testid="manual-refresh-countdown"]';

export type FeedKeysWhere = "feed" | "following";

const SAID = {
  noCard: "no card to act on: press j to go to the first card.",
  last: "that was the last card.",
  first: "that was the first card.",
  noSilence: "a friend's pick has no source to silence here: open the feed tab to silence sources.",
  refreshFollowing: "the following feed loads as you scroll: refreshing is on the feed tab.",
  refreshPlan: "refreshing on demand is part of pro: your feed refreshes on its own when the countdown ends.",
  refreshWait: "the feed can't be refreshed yet",
} as const;

/** A card's words without the hidden hints ("opens in a new tab"), for saying which card has focus. */
function titleOf(card: HTMLElement): string {
  const heading = card.querySelector("h3");
  if (!heading) return "";
  const words: string[] = [];
  const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest(".visually-hidden")) words.push(node.textContent ?? "");
  }
  return words.join("").trim();
}

/**
 * The card last moved to on each list, and where it stood: after it leaves (silenced), `j` goes to
 * the card in its place. Kept outside the component, so it outlives the list's page: back from
 * the reader view, or anywhere else, `j` goes on from the card that was left, even when the page
 * was rendered anew.
 */
const places: Record<FeedKeysWhere, { id: string | undefined; index: number } | null> = {
  feed: null,
  following: null,
};

const cardsOnPage = () => Array.from(document.querySelectorAll<HTMLElement>(CARD));

/**
 * The feed from the keyboard: listens on the page while the feed (or the following feed) is
 * shown, moves focus between cards and acts on the focused one by pressing its own buttons, so
 * every change goes through the card's mutations (optimistic, rolled back on failure). What it
 * did is said through `announcement` (a polite live region). Keys are ignored while typing, with
 * Ctrl, Meta or Alt held, and while any dialog is open (the help overlay closes on Escape).
 */
export function useFeedKeys(where: FeedKeysWhere) {
  const navigate = useNavigate();
  const [helpOpen, setHelpOpen] = useState(false);
  const [announcement, setAnnouncement] = useState({ text: "", count: 0 });

  const say = useCallback((text: string) => setAnnouncement((was) => ({ text, count: was.count + 1 })), []);

  useEffect(() => {
    const focusCard = (cards: HTMLElement[], index: number) => {
      const card = cards[index]!;
      places[where] = { id: card.dataset.articleId, index };
      card.focus({ preventScroll: true });
      card.scrollIntoView({ block: "nearest" });
      say(`${index + 1} of ${cards.length}: ${titleOf(card)}`);
    };

    /** The card the keys act on: the one holding focus, else the one last moved to. */
    const currentCard = (cards: HTMLElement[]): { card?: HTMLElement; index: number } | null => {
      const focused = document.activeElement?.closest<HTMLElement>(CARD);
      const at = focused ? cards.indexOf(focused) : -1;
      if (at >= 0) return { card: focused!, index: at };
      const last = places[where];
      if (!last) return null;
      const again = cards.findIndex((card) => card.dataset.articleId === last.id);
      return again >= 0 ? { card: cards[again], index: again } : { index: last.index };
    };

    const move = (step: 1 | -1) => {
      const cards = cardsOnPage();
      if (cards.length === 0) return say(SAID.noCard);
      const at = currentCard(cards);
      if (!at) return focusCard(cards, 0);
      // A card that has left: its place is held by what came after it.
      const target = at.card ? at.index + step : step === 1 ? at.index : at.index - 1;
      if (target >= cards.length) return say(SAID.last);
      if (target < 0) return say(SAID.first);
      focusCard(cards, target);
    };

    const press = (
      card: HTMLElement,
      selector: string,
      missing: string,
      done?: (button: HTMLButtonElement) => string,
    ) => {
      const button = card.querySelector<HTMLButtonElement>(selector);
      if (!button) return say(missing);
      // Disabled (offline, or busy) says why in its title, as it does to a pointer.
      if (button.disabled) return say(button.title || "not available right now.");
      const after = done?.(button);
      button.click();
      if (after) say(after);
    };

    const act = (action: FeedKeyAction) => {
      if (action === "next") return move(1);
      if (action === "previous") return move(-1);
      if (action === "help") return setHelpOpen(true);
      if (action === "find") return void navigate("/home/find", { state: { focusFind: true } });
      if (action === "refresh") return refresh();
      const card = currentCard(cardsOnPage())?.card;
      if (!card) return say(SAID.noCard);
      switch (action) {
        case "open":
          return void navigate(`/home/read/${encodeURIComponent(card.dataset.articleId ?? "")}`);
        case "visit": {
          // The publisher's page, which the card names whether its title opens the reader view or not.
          const link = card.dataset.link;
          if (link && /^https?:\/\//i.test(link)) window.open(link, "_blank", "noopener,noreferrer");
          return;
        }
        case "like":
          return press(card, LIKE, "", (button) =>
            button.getAttribute("aria-pressed") === "true" ? "taken out of your graph." : "added to your graph.",
          );
        case "silence":
          return press(card, SILENCE, SAID.noSilence);
      }
    };

    /** The same rule as the refresh button: pressed when it may be; otherwise says why not. */
    const refresh = () => {
      if (where === "following") return say(SAID.refreshFollowing);
      const button = document.querySelector<HTMLButtonElement>(REFRESH);
      if (!button) return say(SAID.refreshPlan);
      if (button.disabled) {
        const wait = document.querySelector(REFRESH_WAIT)?.textContent;
        return say(wait ? `${SAID.refreshWait}: available in ${wait}.` : `${SAID.refreshWait}.`);
      }
      button.click();
      say("refreshing your feed.");
    };

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector("dialog[open]")) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      const { key, ctrlKey, metaKey, altKey, isComposing } = event;
      const action = feedKeyAction({ key, ctrlKey, metaKey, altKey, isComposing, target });
      if (!action) return;
      // Enter keeps its own meaning on links and buttons: it opens the card only from the card.
      if (event.key === "Enter" && !target?.matches(CARD)) return;
      event.preventDefault();
      act(action);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [navigate, say, where]);

  return { helpOpen, openHelp: () => setHelpOpen(true), closeHelp: () => setHelpOpen(false), announcement };
}
