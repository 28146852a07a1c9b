import type { DemoSourceData } from "../types.ts";

export const slowOven: DemoSourceData = {
  id: "slow-oven",
  name: "Slow Oven",
  type: "youtube",
  subject: "Food",
  siteUrl: "https://tube.example/@slowoven",
  description: "Unhurried cooking videos: bread, broth, fire and ferments.",
  entries: [
    {
      title: "Sourdough Baking for Beginners: Your First Loaf",
      summary:
        "From starter to slicing, a step-by-step guide with timings for a weekday schedule. No special equipment beyond a pot with a lid.",
    },
    {
      title: "Tonkotsu Ramen From Scratch (12-Hour Broth)",
      summary:
        "Pork bones, a rolling boil and a lot of patience. The complete ramen process: broth, tare, noodles and chashu.",
    },
    {
      title: "Texas-Style Brisket on a Kettle Grill",
      summary:
        "You don't need an offset smoker. A snake-method fire, a water pan and 12 hours for a brisket with proper bark. Barbecue on a budget.",
    },
    {
      title: "Fermented Hot Sauce for Beginners",
      summary:
        "Chillies, garlic and salt in a jar for two weeks. Lacto-fermentation makes hot sauce complex and tangy.",
    },
    {
      title: "Knife Skills Every Cook Needs",
      summary:
        "Dicing onions, julienning carrots and keeping your fingers. The basics every home cooking beginner should practise.",
    },
    {
      title: "Vegan Ramen That Doesn't Taste Like a Compromise",
      summary: "Kombu, shiitake and roasted miso make a rich broth without bones. Plenty of umami, no compromise.",
    },
    {
      title: "Making Garam Masala From Whole Spices",
      summary:
        "Toasting, grinding and blending your own garam masala. Freshly ground spices make a dramatic difference in curries.",
    },
    {
      title: "Foraging and Cooking Wild Garlic",
      summary:
        "Identification tips, where to find it and three recipes: pesto, butter and a spring soup. Foraging for beginners.",
    },
    {
      title: "Osaka Street Food at Home: Takoyaki",
      summary: "Crispy outside, molten inside. The favourite street food snack of Japan, made in a cast-iron pan.",
    },
    {
      title: "Sourdough Pizza in a Home Oven",
      summary:
        "A long cold ferment and a steel plate get you close to a wood-fired crust. The dough schedule, the toppings and the bake.",
    },
    {
      title: "Barbecue Sauces of the American South",
      summary:
        "Vinegar, mustard, tomato and white sauce: four regional styles compared, with recipes. Barbecue debates settled (not really).",
    },
    {
      title: "Shoyu Ramen With Homemade Noodles",
      summary:
        "Alkaline noodles from scratch, a clear chicken broth and soy tare. A lighter ramen you can make in an afternoon.",
    },
    {
      title: "Fermentation Deep Dive: Koji",
      summary:
        "The mould behind miso, soy sauce and sake. Growing koji at home opens up a whole world of fermentation experiments.",
    },
    {
      title: "Cooking Rice Perfectly Every Time",
      summary:
        "Rinsing, ratios and resting: the absorption method for long-grain, short-grain and basmati rice. Home cooking fundamentals.",
    },
    {
      title: "Spices 101: Building a Rack That Gets Used",
      summary:
        "Twelve spices cover most cuisines. What to buy whole, what to buy ground, and how long they really last.",
    },
    {
      title: "One-Pot Meals for Vegan Cooking on a Budget",
      summary:
        "Lentil dal, chickpea stew and black bean chilli, all under a pound a portion. Weeknight cooking without fuss.",
    },
    {
      title: "Cold-Smoking Cheese at Home",
      summary:
        "Smoking cheddar and mozzarella with a smoke tube in a kettle grill. Timings, woods and why you must rest the cheese for a week.",
    },
    {
      title: "Chocolate Babka, Step by Step",
      summary:
        "Enriched dough, a dark chocolate filling and the twist that makes the layers. Worth the overnight rise.",
    },
  ],
};
