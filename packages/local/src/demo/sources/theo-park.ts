import type { DemoSourceData } from "../types.ts";

export const theoPark: DemoSourceData = {
  id: "theo-park",
  name: "Theo Park",
  type: "bluesky",
  subject: "Sport",
  handle: "theopark.bsky.example",
  siteUrl: "https://bsky.example/profile/theopark.bsky.example",
  description: "Sports writer. F1, tennis, football. Numbers nerd.",
  entries: [
    {
      summary:
        "Formula 1 strategy call of the season: two-stopping in the rain when everyone else stayed out. Gambled and won.",
    },
    {
      summary:
        "Tennis stat of the day: first-serve percentage above 70% and still lost in straight sets. Returns win matches now.",
    },
    {
      summary:
        "Premier League clubs are hiring analysts instead of scouts. Sports analytics isn't new, but this is the year it went mainstream.",
    },
    {
      summary:
        "The World Cup expansion means more group games than knockout games. Not sure that's what anyone wanted.",
    },
    {
      summary:
        "Olympics ticket ballot results are out. Got seats for the sailing and the heats of the 400m. Not complaining.",
    },
    { summary: "Cricket's new powerplay rules are producing T20 scores of 250+ regularly. Bowlers need a union." },
    {
      summary: "Rugby's tackle height trial data is in. Fewer head injuries, slightly more offloads. Seems like a win.",
    },
    {
      summary:
        "Formula 1 race weekend prediction thread: wet qualifying, chaos at turn one, safety car on lap 3. Place your bets.",
    },
    {
      summary:
        "Esports finals drew more viewers than the basketball game on the same night. The age demographics are stark.",
    },
    {
      summary: "Premier League title race is the best in years. Three teams within two points, eight games to go.",
    },
    {
      summary:
        "Sports analytics hot take: expected goals is fine. People just use it for single matches, which is where it's least useful.",
    },
    {
      summary:
        "Watched my nephew's basketball game. Every kid shooting threes from the corner. The analytics revolution has reached the under-12s.",
    },
    {
      summary:
        "Tennis needs a shot clock on changeovers too. Two-minute breaks turning into four is why matches last five hours.",
    },
    {
      summary:
        "The Olympics marathon course is brutal: three climbs in the last 10 km. Good luck to everyone doing marathon training for it.",
    },
    {
      summary:
        "World Cup qualifying is the best football of the calendar, and nobody outside the countries involved watches it.",
    },
    { summary: "Speed chess on stream is somehow the most stressful sport I've watched this year." },
    {
      summary: "Formula 1 teams are using 3D printing for wing parts over a race weekend. Design to track in hours.",
    },
  ],
};
