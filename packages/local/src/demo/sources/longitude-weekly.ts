import type { DemoSourceData } from "../types.ts";

export const longitudeWeekly: DemoSourceData = {
  id: "longitude-weekly",
  name: "Longitude Weekly",
  type: "rss",
  subject: "Travel",
  siteUrl: "https://longitude-weekly.example",
  description: "Slow travel, overland routes and places worth the journey.",
  authors: ["Ingrid Solberg", "Marcus Leung", "Amara Diallo"],
  entries: [
    {
      title: "Backpacking Southeast Asia on Trains and Ferries",
      summary:
        "A six-week route from Bangkok to Bali without a single flight. Costs, border crossings and the overnight ferries worth booking ahead.",
    },
    {
      title: "The Comeback of Night Trains in Europe",
      summary:
        "New sleeper routes are linking capitals overnight, and demand is outpacing carriages. What to expect from couchettes, private cabins and the food car.",
    },
    {
      title: "Night Train Between Berlin and Rome Returns After Twenty Years",
      summary:
        "A private operator will run three sleeper services a week from December, stopping in Munich and Verona. Tickets start at 59 euros for a seat.",
      story: "berlin-rome-sleeper",
    },
    {
      title: "How to Visit Kyoto Without Adding to Overtourism",
      summary:
        "Go early, stay late, and spend the middle of the day in quieter neighbourhoods. Residents share their tips for visiting Japan's busiest city respectfully.",
    },
    {
      title: "Budget Travel in Expensive Cities: Ten Tactics That Work",
      summary:
        "Supermarket picnics, museums on free days and transit passes stretch a tight budget in Zurich or Oslo. We tested each tactic over a long weekend.",
    },
    {
      title: "Rail Travel Across Canada: Four Days on the Transcontinental",
      summary:
        "The cross-country train is slow, expensive and wonderful. A carriage-by-carriage guide, from economy seats to the dome car.",
    },
    {
      title: "Wild Camping Rules in Scotland, Norway and Sweden",
      summary:
        "Right-to-roam laws make wild camping legal in much of Scandinavia and Scotland, with conditions. A quick guide to where you can pitch a tent.",
    },
    {
      title: "The Best Hiking in Patagonia Without a Guide",
      summary:
        "The W Trek and the Huemul Circuit compared: permits, weather and whether you need to book the refugios months ahead.",
    },
    {
      title: "Digital Nomads Reshape Lisbon's Neighbourhoods",
      summary:
        "Coworking spaces and short lets have transformed the city centre. Long-term residents describe the change, and the new visa rules aimed at slowing it.",
    },
    {
      title: "Airlines Quietly Shrink Carry-On Allowances",
      summary:
        "Several low-cost airlines have reduced the size of free cabin bags. A chart of current dimensions and what it costs to upgrade at the gate.",
      tracked: true,
    },
    {
      title: "Street Food Tour of Penang, Stall by Stall",
      summary:
        "Char kway teow, assam laksa and cendol: a self-guided street food route through George Town, with prices and opening hours.",
    },
    {
      title: "Learning Portuguese Before a Trip: What Actually Sticks",
      summary:
        "Three months of app streaks versus ten hours with a tutor. A reporter's experiment in language learning ahead of a month in Brazil.",
    },
    {
      title: "Surfing in Portugal's Off-Season",
      summary:
        "Winter swells on the Silver Coast are big, cold and uncrowded. Where beginners can still find gentle waves and warm wetsuits to rent.",
    },
    {
      title: "Travel Photography Without a Big Camera",
      summary:
        "Modern phones handle most travel photography well. A professional's advice on light, composition and when a dedicated camera still matters.",
    },
    {
      title: "Walkable Cities Where You Won't Need a Car",
      summary:
        "Ljubljana, Utrecht and Bologna top our list of walkable cities for visitors, with compact centres, good public transit and pedestrian streets.",
    },
    {
      title: "Sailing the Croatian Coast on a Flotilla Holiday",
      summary:
        "Flotillas let novice skippers charter a yacht with a lead crew nearby. What a week of island-hopping sailing actually costs.",
    },
    {
      title: "Skiing on a Shoestring: Europe's Cheapest Lift Passes",
      summary:
        "Smaller resorts in Bulgaria, Slovakia and the Pyrenees offer lift passes at a third of Alpine prices, a budget travel favourite. Snow reliability is the catch.",
    },
    {
      title: "Following the Silk Road Through Uzbekistan",
      summary:
        "Samarkand, Bukhara and Khiva are now linked by fast trains. A two-week itinerary through the oldest stops on the Silk Road.",
    },
    {
      title: "Camping in National Parks Without a Reservation",
      summary:
        "First-come sites still exist in many national parks. How to find them, what time to arrive and what to do if they're full.",
    },
    {
      title: "Music Festivals That Are Worth the Travel",
      summary:
        "Small music festivals in Iceland, Serbia and Morocco combine great line-ups with destinations you'd want to visit anyway.",
    },
    {
      title: "Climbing Trips for Beginners: Kalymnos and Beyond",
      summary:
        "The Greek island has thousands of bolted routes and a relaxed scene. Guides run week-long rock climbing courses for people with only gym experience.",
    },
    {
      title: "Japan Rail Pass Price Rise: Is It Still Worth It?",
      summary:
        "After a steep price increase, the pass only pays off on long itineraries. We ran the numbers on rail travel for five common routes through Japan.",
    },
    {
      title: "Backpacking Europe by Sleeper: A Two-Week Plan",
      summary:
        "Five countries, four night trains and no hotels on travel days. An itinerary that saves money and daylight, with booking windows for each leg.",
    },
  ],
};
