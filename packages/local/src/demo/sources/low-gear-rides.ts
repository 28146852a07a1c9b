import type { DemoSourceData } from "../types.ts";

export const lowGearRides: DemoSourceData = {
  id: "low-gear-rides",
  name: "Low Gear Rides",
  type: "youtube",
  subject: "Cycling",
  siteUrl: "https://tube.example/@lowgearrides",
  description: "Bikes, trails and long days outside. New rides every week.",
  entries: [
    {
      title: "Urban Cycling: Ten Rules for Surviving Rush Hour",
      summary:
        "Take the lane, signal early and assume no one has seen you. Practical advice filmed on a real commute through the city centre.",
    },
    {
      title: "Riding a Tour de France Mountain Stage as an Amateur",
      summary:
        "I rode the hardest stage of this year's route a week before the pros. 180 km, 4,500 m of climbing and one puncture.",
    },
    {
      title: "Bikepacking Through Two National Parks",
      summary:
        "Four days, 400 km of gravel and two national parks. Gear list, where I slept and where I got hopelessly lost.",
    },
    {
      title: "Seven Pairs of Trail Running Shoes Tested to Destruction",
      summary:
        "We ran each pair 500 km on rocky trails. Grip, durability and comfort ranked, with a surprise winner under 100.",
    },
    {
      title: "Commuting by Bike in Winter",
      summary:
        "Studded tyres, lights and layers: how to keep riding when it's dark, wet and icy. Winter urban cycling is easier than you think.",
    },
    {
      title: "Hiking Three Scottish Peaks in One Weekend",
      summary:
        "Three summits, two days and very little sleep. The route, the weather and the one section I'd never do again.",
    },
    {
      title: "Camping Gear That's Actually Worth the Weight",
      summary:
        "After ten years of camping, here's what stays in my pack: a good sleeping pad, a stove, and not much else.",
    },
    {
      title: "Birdwatching by Bike: A Morning on the Marshes",
      summary:
        "Binoculars in the bar bag, a slow ride around the estuary and 43 species before breakfast. Birdwatching and cycling are a perfect match.",
    },
    {
      title: "Rock Climbing for Cyclists: Cross-Training That Works",
      summary:
        "Climbing builds the core and grip strength that long rides neglect. My first month of indoor rock climbing, bruises included.",
    },
    {
      title: "Does Riding Help Marathon Training?",
      summary:
        "I replaced two runs a week with rides during marathon training. Here's what happened to my times, and to my knees.",
    },
    {
      title: "Cycling the Shimanami Kaido",
      summary:
        "The island-hopping route across the Seto Inland Sea is one of the best rides in Japan. Bridges, lemon groves and bike-friendly inns.",
    },
    {
      title: "Tour de France Tech: How the Bikes Changed",
      summary:
        "Aero frames, wider tyres and bigger chainrings. A close look at how the peloton's bikes changed in five years.",
    },
    {
      title: "How Cities Build Protected Bike Lanes",
      summary:
        "Concrete kerbs, signal timing and junction design. A traffic engineer explains the urban planning choices that make bike lanes feel safe.",
    },
    {
      title: "Hut-to-Hut in the Dolomites",
      summary:
        "A three-day run with 6,000 m of climbing. Route notes, refuges and how much water to carry for mountain trail running.",
    },
    {
      title: "Wild Camping With a Bike: My First Night Out",
      summary:
        "A beginner's overnight trip with a tarp, a bivvy bag and a borrowed stove. What went wrong and what went right.",
    },
    {
      title: "Skateboarding vs Cycling for Short Commutes",
      summary: "I swapped my bike for a longboard for a month. Speed, safety and how many times I fell off.",
    },
    {
      title: "Hiking With Kids: Keeping It Fun",
      summary: "Short loops, snack stops and a game every kilometre. How we got our children to love hiking.",
    },
    {
      title: "Taking Your Bike on the Train",
      summary:
        "Booking bike spaces, packing bags and which services actually let you on. Tips for combining rail travel and cycling across Europe.",
    },
  ],
};
