import type { DemoSourceData } from "../types.ts";

export const greenfieldAlmanac: DemoSourceData = {
  id: "greenfield-almanac",
  name: "The Greenfield Almanac",
  type: "rss",
  subject: "Nature",
  siteUrl: "https://greenfield-almanac.example",
  description: "Gardens, wildlife and the living world, season by season.",
  authors: ["Hazel Moreau", "Owen Pryce"],
  entries: [
    {
      title: "What the Spring Bird Count Tells Us About Biodiversity",
      summary:
        "Volunteers in the citizen science survey logged 1.2 million sightings this year. Farmland species are still declining, while gardens are becoming refuges for finches.",
    },
    {
      title: "Beginner's Guide to Beekeeping: The First Year",
      summary:
        "Most new hives fail in their first winter. An experienced keeper explains inspections, varroa checks and why you should leave more honey than you think.",
    },
    {
      title: "Rewilding a Hill Farm: Five Years of Beavers and Scrub",
      summary:
        "A Welsh farm let its upper fields go wild and reintroduced beavers to a stream. Flood peaks downstream have dropped, and so have sheep numbers.",
    },
    {
      title: "Houseplants That Survive a North-Facing Window",
      summary:
        "Low light doesn't have to mean plastic plants. Snake plants, ZZ plants and several ferns tolerate gloom, provided you water them far less.",
    },
    {
      title: "Coral Reefs Show Unexpected Recovery After Bleaching Event",
      summary:
        "Surveys on a Pacific atoll found faster regrowth than models predicted, helped by heat-tolerant colonies. Scientists caution the reprieve depends on cooler summers.",
    },
    {
      title: "Autumn Foraging: Hedgerow Fruit You Can Actually Eat",
      summary:
        "Sloes, rosehips and crab apples are abundant this year. A forager's guide to picking responsibly and avoiding the lookalikes.",
    },
    {
      title: "No-Dig Gardening, Tested Over Three Seasons",
      summary:
        "We ran side-by-side beds, one dug and one mulched with compost. The no-dig bed produced more and took less work after the first year.",
    },
    {
      title: "Ocean Conservation Treaty Reaches Ratification Threshold",
      summary:
        "Enough countries have ratified the high seas agreement for it to enter into force, opening the way for marine protected areas in international waters.",
      tracked: true,
    },
    {
      title: "Balcony Solar Power Kits: Are They Worth It?",
      summary:
        "Plug-in panels for balconies are now legal in several countries. We measured one through a year and worked out the payback time.",
    },
    {
      title: "Swifts Are Returning Later Each Year, Birdwatching Records Show",
      summary:
        "Decades of birdwatching diaries suggest swifts now arrive almost a week later than in the 1980s, possibly tracking insect availability.",
    },
    {
      title: "Meadow in a Lawn: Letting the Grass Grow",
      summary:
        "Leaving a patch of lawn unmown from May to August can triple the number of flowering plants, a small but real boost for biodiversity. Here's how to start without annoying the neighbours.",
    },
    {
      title: "Marine Biology Students Map Seagrass With Kayaks and Phones",
      summary:
        "A low-cost survey method uses waterproof phones and GPS to map seagrass meadows, which store carbon and shelter young fish.",
    },
    {
      title: "What Rising Soil Temperatures Mean for Your Vegetable Patch",
      summary:
        "Climate science projections point to earlier sowing windows but drier summers. Gardeners are switching to deeper mulches and drought-tolerant varieties.",
    },
    {
      title: "Hedgehog Highways: Small Holes, Big Results",
      summary:
        "Cutting a 13 cm gap in garden fences lets hedgehogs roam the distances they need. A citizen science map now lists more than 100,000 such holes.",
    },
    {
      title: "Houseplants and Humidity: Myths Debunked",
      summary:
        "Misting does almost nothing for tropical houseplants. Grouping pots and using a pebble tray help a little; a humidifier helps a lot.",
    },
    {
      title: "The Return of the Beaver to Lowland Rivers",
      summary:
        "Licensed releases are spreading beavers to new catchments. Farmers worry about flooding, but rewilding advocates point to wetlands holding water through drought.",
    },
    {
      title: "National Parks Are Becoming Dark Sky Reserves",
      summary:
        "Several national parks have adopted strict lighting rules to protect night skies, drawing amateur astronomy clubs and a boost in winter visitors.",
    },
    {
      title: "Bumblebees vs Honeybees: Who Needs Your Help More?",
      summary:
        "Beekeeping is popular, but wild bumblebees and solitary bees often face more pressure. Planting for them may do more good than another hive.",
    },
    {
      title: "Compost Heat: Turning Garden Waste Into Winter Warmth",
      summary:
        "A community gardening project pipes heat from a large compost pile into its greenhouse. It keeps the frost out and finishes the compost faster.",
    },
    {
      title: "Wild Mushroom Season Brings Record Poisoning Calls",
      summary:
        "Poison centres report a spike in calls as foraging grows more popular. Experts urge beginners to join guided walks before eating anything they pick.",
    },
  ],
};
