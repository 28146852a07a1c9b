import type { DemoSourceData } from "../types.ts";

export const maraQuinn: DemoSourceData = {
  id: "mara-quinn",
  name: "Mara Quinn",
  type: "bluesky",
  subject: "Climate",
  handle: "maraquinn.bsky.example",
  siteUrl: "https://bsky.example/profile/maraquinn.bsky.example",
  description: "Climate scientist. Oceans, ice and policy. Views my own.",
  entries: [
    {
      summary:
        "New paper out today: marine heatwaves have tripled in frequency since the 1980s. Climate science keeps confirming what fishing communities already told us.",
    },
    {
      summary:
        "Reminder that carbon capture is not a substitute for cutting emissions. It's a mop, and the tap is still running.",
    },
    { summary: "Offshore wind auction results are in and they're genuinely good news. Cheaper than new gas, again." },
    {
      summary:
        "Spent the week on a research ship measuring water temperatures near the ice shelf. At 400 m it's warmer than on last year's cruise. Ocean conservation has to include the deep.",
    },
    {
      summary:
        "Climate policy thread: the new carbon border tax is more interesting than the headlines suggest. It changes incentives for exporters, not just importers. 🧵",
    },
    {
      summary:
        "Solar power is now the cheapest electricity in history, and grid operators are scrambling to handle midday surpluses. Batteries are the story of the next five years.",
    },
    {
      summary:
        "Renewable energy passed 50% of generation on our grid for a full month. That was a fringe target when I started my PhD.",
    },
    {
      summary:
        "The coral reefs we surveyed in March are bleaching again. Second event in three years. Not enough time to recover in between.",
    },
    {
      summary:
        "Teaching climate science to first-years this term. Best question so far: 'if the models are wrong, which way are they wrong?' Lately: too conservative.",
    },
    {
      summary:
        "Fusion energy is exciting physics, but it won't decarbonise the grid by 2035. We already have the tools: wind, solar, storage, efficiency.",
    },
    {
      summary:
        "Ocean conservation win: the high seas treaty has enough ratifications to take effect. Now the hard part, actually creating protected areas.",
    },
    {
      summary:
        "Heat pump installers are booked out for months in my town. Climate policy works when the subsidy is simple.",
    },
    {
      summary:
        "Carbon capture plants are being built; buyers for the credits aren't showing up. Worth reading the economics before the hype.",
    },
    {
      summary:
        "If you want one chart that explains the politics: household energy bills vs the share of renewable energy, by country. Bills are lower where wind is high.",
    },
    {
      summary:
        "Conference week. Best talk: using citizen science rain gauges to fill gaps in flood forecasts. Hundreds of volunteers, better data than some national networks.",
    },
    {
      summary:
        "Heatwave warning for next week. Check on elderly neighbours, keep curtains closed in the day, drink water. The forecast is a public health message.",
    },
    {
      summary:
        "Offshore wind farms turn out to be decent artificial reefs: mussels, crabs and cod all over the foundations. Marine biology is full of surprises.",
    },
    { summary: "Solar panels over every car park. That's the post." },
  ],
};
