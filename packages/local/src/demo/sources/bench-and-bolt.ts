import type { DemoSourceData } from "../types.ts";

export const benchAndBolt: DemoSourceData = {
  id: "bench-and-bolt",
  name: "Bench & Bolt",
  type: "youtube",
  subject: "DIY",
  siteUrl: "https://tube.example/@benchandbolt",
  description: "Making, fixing and over-engineering things in a small garage workshop.",
  entries: [
    {
      title: "Building a Robot Arm for Under $200",
      summary:
        "I designed and printed a six-axis arm driven by cheap servos. The kinematics, the mistakes, and whether it can pour coffee: a fun first robotics project. Parts list and code in the description.",
    },
    {
      title: "3D Printing Functional Parts: PETG vs ASA vs Nylon",
      summary:
        "Heat, UV and impact tests on printed brackets. Which filament should you use for parts that actually do a job?",
    },
    {
      title: "My Endgame Mechanical Keyboard (For Now)",
      summary:
        "A gasket-mounted 65% board with hand-lubed linear switches. Sound tests, typing impressions and why mechanical keyboards are a trap.",
    },
    {
      title: "Open Source Firmware for a Robot Vacuum",
      summary:
        "Flashing open source firmware removes the cloud account and keeps the maps on your own network, a real win for privacy. Full walkthrough, plus the risks.",
    },
    {
      title: "Linux on a Ten-Year-Old Laptop: Is It Usable?",
      summary:
        "Lightweight Linux distributions breathe new life into old hardware. Boot times, browser performance and battery life compared.",
    },
    {
      title: "A Computer Vision Sorting Machine for LEGO Bricks",
      summary:
        "A camera, a conveyor belt and a small neural network sort my kids' bricks by colour and shape. Accuracy is about 94%; the other 6% are under the sofa.",
    },
    {
      title: "Why Semiconductors Are So Hard to Make",
      summary:
        "A visual tour of a chip fab: lithography, etching and the cleanrooms. How semiconductors go from sand to processor in 700 steps.",
    },
    {
      title: "Designing a Desk Lamp From Scratch",
      summary:
        "Product design on a hobbyist budget: sketches, prototypes and a 3D printing marathon to get the hinge right.",
    },
    {
      title: "Hand-Soldering a Split Keyboard",
      summary:
        "Diodes, switches and a microcontroller. My first split mechanical keyboard build, including the mistakes you shouldn't copy.",
    },
    {
      title: "Robotics Competition: Six Weeks Behind the Scenes",
      summary:
        "We followed a high school team through six weeks of building a robot for a regional robotics competition. Tears, zip ties and a last-minute rewire.",
    },
    {
      title: "Resin vs Filament: Which Printer Should You Buy?",
      summary:
        "Resin printers give fine detail but messy workflows; filament printers are easier but coarser. My recommendation after two years with both kinds of 3D printing.",
    },
    {
      title: "Converting a Cargo Bike to Electric",
      summary:
        "A mid-drive kit, a 48V battery and an afternoon in the garage. Costs, range and whether it's worth it for urban cycling with two kids on board.",
    },
    {
      title: "Fixing Stick Drift in 15 Minutes",
      summary:
        "Stick drift is usually a worn potentiometer, and it's a quick repair. Tools, replacement parts and one soldering tip that saves the board.",
    },
    {
      title: "A Tiny Home Server for Privacy-Minded People",
      summary:
        "Self-hosting photos, passwords and DNS on a small Linux box. Setup, backups and what I'd change next time.",
    },
    {
      title: "The Open Source Firmware Behind Mechanical Keyboards",
      summary:
        "QMK and ZMK explained: layers, macros and wireless split boards. Why community firmware won the enthusiast market.",
    },
    {
      title: "Building a Weather Station With a Microcontroller",
      summary:
        "Temperature, humidity, wind and rain sensors logged to a dashboard. Total cost under $60, with a printed radiation shield.",
    },
    {
      title: "Robot Dog Teardown",
      summary:
        "What's inside a consumer robot dog: motors, batteries and a surprising amount of computer vision hardware.",
    },
    {
      title: "Soldering Basics for Absolute Beginners",
      summary:
        "Iron temperature, flux and the perfect joint. A no-nonsense introduction to electronics for people who just want to fix things.",
    },
  ],
};
