import type { DemoSourceData } from "../types.ts";

export const orbitalNotes: DemoSourceData = {
  id: "orbital-notes",
  name: "Orbital Notes",
  type: "atom",
  subject: "Science",
  siteUrl: "https://orbital-notes.example",
  description: "Space, physics and the night sky, for the curious.",
  authors: ["Anjali Sen", "Felix Brandt"],
  entries: [
    {
      title: "Water Vapour Detected on a Temperate Exoplanet",
      summary:
        "Transmission spectra from a space telescope show water in the atmosphere of a planet in its star's habitable zone. It joins a short list of exoplanets where oceans are at least possible.",
    },
    {
      title: "How to Photograph the Milky Way From a Suburban Garden",
      summary:
        "Astrophotography doesn't need a dark-sky site. Stacking short exposures and a cheap star tracker pull the galactic core out of moderate light pollution.",
    },
    {
      title: "Black Holes Caught Mid-Merger in Gravitational Wave Data",
      summary:
        "Detectors picked up a signal from two black holes of unusually unequal mass. The event challenges models of how such pairs form.",
    },
    {
      title: "Mars Sample Return Plan Redesigned to Cut Costs",
      summary:
        "The new architecture uses a smaller lander and commercial rockets. Scientists worry the samples collected on Mars will wait years longer for a ride home.",
    },
    {
      title: "Dark Matter Detector Sets New Limits",
      summary:
        "A xenon experiment deep underground saw no sign of weakly interacting particles after a year of data, ruling out a swathe of dark matter models.",
    },
    {
      title: "Collider Upgrade Begins Three-Year Shutdown",
      summary:
        "The accelerator is going dark to boost its collision rate tenfold. Particle physics teams hope the extra data will reveal rare Higgs decays.",
    },
    {
      title: "Fusion Energy Milestone: A Reactor Runs for Six Minutes",
      summary:
        "An experimental tokamak sustained hot plasma for over 360 seconds, a record for the device. Practical fusion energy is still decades away, researchers cautioned.",
    },
    {
      title: "Volunteers Discover 15 New Exoplanets in Archived Data",
      summary:
        "Volunteers sifting through telescope light curves spotted dips missed by automated pipelines. Citizen science keeps outperforming algorithms on the weird cases.",
    },
    {
      title: "Space Exploration on a Budget: The Rise of Cubesats",
      summary:
        "Shoebox-sized satellites now reach the Moon and beyond. How universities do real space exploration for the price of a house.",
    },
    {
      title: "A Quantum Computing Milestone, Explained Without Hype",
      summary:
        "A new processor corrected errors faster than they accumulated, a threshold researchers have chased for decades. It still can't break encryption.",
    },
    {
      title: "The Cold War Origins of Modern Astronomy",
      summary:
        "Radio telescopes and satellite tracking networks built for defence became the foundation of modern astronomy. A history of uneasy collaboration.",
    },
    {
      title: "Dust Storms on Mars Threaten a Rover's Power",
      summary:
        "A regional dust storm has cut the rover's solar power output by half. Engineers are rationing its instruments until the sky clears.",
    },
    {
      title: "Comet Visible to the Naked Eye This Week",
      summary:
        "Look low in the west after sunset. Binoculars help, and astrophotography fans should bring a wide lens for the tail.",
    },
    {
      title: "Black Holes Aren't Vacuum Cleaners, and Other Myths",
      summary:
        "Black holes don't suck things in any more than a star of the same mass would. Five common misconceptions, corrected.",
    },
    {
      title: "The Mathematics of Orbits: Why Transfers Take So Long",
      summary:
        "The Hohmann transfer explains why a trip to Mars takes months rather than weeks. A gentle introduction with just a few equations.",
    },
    {
      title: "Your First Telescope: A Buyer's Guide",
      summary:
        "A six-inch Dobsonian beats most computerised starter scopes for the same money. What to buy for backyard astronomy, what to skip and which accessories matter.",
    },
    {
      title: "Dark Matter Filaments Mapped Across Billions of Light Years",
      summary:
        "Gravitational lensing maps from a wide-field survey trace dark matter threads connecting galaxy clusters, in line with simulations.",
    },
    {
      title: "Why the Moon Is Back on the Agenda",
      summary:
        "Water ice at the poles and cheaper launches have revived interest in crewed lunar bases. The politics of space exploration are as complicated as the engineering.",
    },
    {
      title: "Particle Physics Puzzle: The Muon's Wobble",
      summary:
        "A measurement of the muon's magnetic moment disagrees with theory, or maybe it doesn't. New lattice calculations have narrowed the gap.",
    },
    {
      title: "Exoplanets With Two Suns Are More Common Than Thought",
      summary:
        "A survey of binary stars found planets orbiting both stars in about one in ten systems. Double sunsets may not be so rare after all.",
    },
  ],
};
