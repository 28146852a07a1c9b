import type { DemoSourceData } from "../types.ts";

export const samWhitlock: DemoSourceData = {
  id: "sam-whitlock",
  name: "Sam Whitlock",
  type: "bluesky",
  subject: "Cities",
  handle: "samwhitlock.bsky.example",
  siteUrl: "https://bsky.example/profile/samwhitlock.bsky.example",
  description: "Urbanist. Trains, bikes, housing, streets for people.",
  entries: [
    {
      summary:
        "Urban planning hot take: the best thing a city can do for traffic is build homes near stations. Nothing else comes close.",
    },
    {
      summary:
        "Rode the new protected bike lane today. Kids, parents, a guy with a cello. Urban cycling is for everyone when it feels safe.",
    },
    {
      summary:
        "Public transit ridership is back above pre-pandemic levels in the cities that kept service frequent. Frequency is freedom.",
    },
    {
      summary:
        "Affordable housing isn't only about subsidies. It's about legalising apartments on most land. Zoning is the bottleneck.",
    },
    { summary: "Walkable cities aren't a luxury. They're what every city was until about 1950." },
    {
      summary:
        "Electric vehicles solve tailpipe emissions, not congestion, road deaths or sprawl. We still need fewer cars.",
    },
    {
      summary:
        "Autonomous vehicles were supposed to end car ownership. Instead we got robotaxis stuck in traffic with everyone else.",
    },
    {
      summary:
        "Unpopular architecture opinion: the best new building in my city is a plain six-storey block with shops on the ground floor.",
    },
    {
      summary:
        "Rail travel across the continent should be as easy to book as a flight. One site, one ticket, through-fares. It's a policy choice.",
    },
    {
      summary: "Housing market note: the cities that built the most homes saw rents grow the slowest. Supply works.",
    },
    {
      summary:
        "The bus lane on the high street cut journey times by 8 minutes. Public transit improvements don't have to be expensive.",
    },
    {
      summary:
        "Urban cycling counts are up 40% on the corridor since the redesign. Car traffic? Down slightly. Shops? Busier.",
    },
    {
      summary:
        "Walked across the whole city centre in 25 minutes today. Walkable cities are a design choice, not an accident of geography.",
    },
    { summary: "Urban planning meeting tonight. Three hours on parking minimums. Pray for me." },
    { summary: "Night trains are back and fully booked. Rail travel is glamorous again, apparently." },
    {
      summary:
        "Visited a car-free neighbourhood built in the 90s. Kids playing in the street, quiet, green. Architecture matters less than the absence of cars.",
    },
    {
      summary:
        "Suburban transit fix: run buses every 10 minutes on the five busiest routes before adding new ones. Public transit basics.",
    },
    {
      summary: "Affordable housing vote passed! 400 homes on the old bus depot site, a third of them at social rent.",
    },
  ],
};
