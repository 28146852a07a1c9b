import type { DemoSourceData } from "../types.ts";

export const copperKettle: DemoSourceData = {
  id: "copper-kettle",
  name: "Copper Kettle Kitchen",
  type: "rss",
  subject: "Food",
  siteUrl: "https://copper-kettle.example",
  description: "Recipes, techniques and food stories from a home kitchen that takes flavour seriously.",
  authors: ["Margot Lefèvre", "Dev Bhatt"],
  linkStyle: "blog",
  html: true,
  entries: [
    {
      title: "Sourdough Baking in a Cold Kitchen: Timing Your Starter",
      summary:
        "When the kitchen drops below 18°C, starters slow to a crawl. Use warmer water, a proofing box or the oven light, and expect a longer bulk ferment.",
    },
    {
      title: "The Case for Weighing Your Coffee",
      summary:
        "A cheap scale makes more difference to specialty coffee at home than a new grinder. We explain ratios, bloom times and why 1:16 is a good start.",
    },
    {
      title: "Kimchi, Sauerkraut & Kombucha: A Fermentation Starter Kit",
      summary:
        "Most home fermentation needs only salt, a jar and patience. Here's what to expect in the first week and how to tell good funk from bad.",
    },
    {
      title: "Vegan Cooking Without Meat Substitutes",
      summary:
        "Beans, mushrooms and smoked spices carry flavour without mimicking meat. Ten weeknight dishes that make vegetables the point.",
    },
    {
      title: "Natural Wine: What the Label Does and Doesn't Tell You",
      summary:
        "There's no legal definition of natural wine in most countries. We talked to growers about sulphites, cloudiness and the difference between funky and faulty.",
    },
    {
      title: "Craft Beer Breweries Turn to Low-Alcohol Lines",
      summary:
        "Sales of 0.5% and table beers are growing faster than IPAs. Small breweries say the hard part is keeping body without the alcohol.",
    },
    {
      title: "Tacos al Pastor at Home: Street Food Without the Spit",
      summary:
        "The vertical spit is hard to replicate, but a sheet-pan method with pineapple and achiote gets close to the street food classic.",
    },
    {
      title: "Tempering Chocolate Without a Thermometer",
      summary:
        "The seeding method and a spoon test let you temper chocolate reliably at home. We explain why bloom happens and how to avoid it.",
    },
    {
      title: "A Beginner's Cheese Board That Isn't Boring",
      summary:
        "Pick one soft, one hard, one blue and one surprise. A cheesemonger's guide to portions, order and what to serve alongside.",
      tracked: true,
    },
    {
      title: "Home Cooking on a Budget: Ten Meals Under Two Pounds a Portion",
      summary:
        "Lentils, eggs and frozen vegetables do the heavy lifting in these home cooking staples, none of which taste like austerity.",
    },
    {
      title: "Stop Throwing Out Herbs: Small Fixes for Food Waste",
      summary:
        "Households bin about a third of the fresh herbs they buy. Freezing in oil, drying and a pot on the windowsill cut food waste and save money.",
    },
    {
      title: "Toasting Whole Spices: Why It Matters",
      summary:
        "Dry-toasting cumin, coriander and fennel seeds releases oils that ground spices lose on the shelf. How long to toast, and how to tell when to stop.",
    },
    {
      title: "Matcha, Sencha and Hojicha: A Guide to Japanese Green Tea",
      summary:
        "Water temperature makes or breaks green tea. A guide to brewing each style, with notes from a grower in Shizuoka, Japan.",
    },
    {
      title: "Rye Sourdough Is Easier Than You Think",
      summary:
        "Rye doesn't need kneading or stretch-and-folds, which makes it a good gateway into sourdough baking. A dense, tangy loaf that keeps for a week.",
    },
    {
      title: "coffee prices hit record as harvests falter - Copper Kettle Kitchen",
      summary:
        "What record arabica prices mean for your morning cup: the roasters we spoke to expect bags of specialty coffee to cost a fifth more by spring.",
      story: "coffee-record",
    },
    {
      title: "Vegan Cooking for Crowds: A Festive Menu",
      summary:
        "A make-ahead menu for twelve: roasted squash, lentil pie and a chocolate olive-oil cake. Everything can be prepped a day early.",
    },
    {
      title: "Miso at Home: Your First Batch",
      summary:
        "Making miso takes soybeans, koji and six months of waiting. Fermentation purists say it's the most rewarding project in the larder.",
    },
    {
      title: "Craft Beer and Cheese Pairings That Beat Wine",
      summary:
        "Carbonation cuts through fat better than tannin does. We paired six styles of craft beer with cheese, and the stouts surprised everyone.",
    },
    {
      title: "Brewing Better Tea: Water Matters More Than Leaves",
      summary:
        "Hard water dulls tea's flavour and leaves a scum on the cup. A filter jug, or even bottled water, improves cheap teabags dramatically.",
    },
    {
      title: "Leftover Bread Recipes to Cut Food Waste",
      summary:
        "Stale bread makes panzanella, ribollita and bread pudding. Some bakeries are even turning unsold loaves into beer.",
    },
    {
      title: "Spices From the Silk Road: The History in Your Cupboard",
      summary:
        "Pepper, cinnamon and saffron travelled the Silk Road for centuries before reaching European kitchens. A short history of the spice trade in five jars.",
    },
    {
      title: "Natural Wine Bars Are Spreading Beyond Big Cities",
      summary:
        "Small-town bars now pour skin-contact and pét-nat wines. Owners say younger drinkers care more about farming than grape varieties.",
    },
  ],
};
