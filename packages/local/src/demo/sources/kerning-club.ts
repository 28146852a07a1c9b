import type { DemoSourceData } from "../types.ts";

export const kerningClub: DemoSourceData = {
  id: "kerning-club",
  name: "The Kerning Club",
  type: "atom",
  subject: "Design",
  siteUrl: "https://kerning-club.example",
  description: "Type, layout, objects and spaces: design criticism for people who make things.",
  authors: ["Ada Lindgren", "Rohan Mehta"],
  linkStyle: "blog",
  html: true,
  entries: [
    {
      title: "Variable Fonts Have Finally Gone Mainstream",
      summary:
        "Most major foundries now release variable versions by default. What that means for typography on the web, and for page weight.",
    },
    {
      title: "The Quiet Return of the Serif",
      summary:
        "After a decade of geometric sans logos, brands are turning back to serifs. Graphic design critics see a nostalgia cycle; type designers see better reading.",
    },
    {
      title: "UX Design Patterns That Respect Attention",
      summary:
        "No infinite scroll, honest notifications and clear stopping points. A small movement of designers argues that UX design should measure satisfaction, not time spent.",
    },
    {
      title: "Product Design Lessons From a Kettle",
      summary:
        "Why a humble kettle with a clear water window and a single switch beats most smart appliances. A product design teardown.",
    },
    {
      title: "Making Charts Readable for Colour-Blind Readers",
      summary:
        "One in twelve men has some colour vision deficiency. Data visualization palettes that work for everyone, and the tools to check them.",
    },
    {
      title: "Small Apartment Interior Design: Zones, Not Rooms",
      summary:
        "Rugs, lighting and furniture height can split one room into four. Interior design tricks from architects who live in 30 square metres.",
    },
    {
      title: "Brutalist Architecture Is Being Saved by Social Feeds",
      summary:
        "Once-reviled concrete buildings are finding fans online. Preservation campaigns for brutalist architecture now start with a photo thread.",
    },
    {
      title: "Typography for Screens: Line Length, Leading and Size",
      summary:
        "The classic rules still apply, but screens change the numbers. A practical typography guide for long-form reading on phones.",
    },
    {
      title: "Street Photography Ethics in the Age of Facial Recognition",
      summary:
        "Photographing strangers in public is legal in most places, but face matching changes the stakes. Photographers discuss consent, blurring and when not to publish.",
    },
    {
      title: "Contemporary Art Fair Embraces Textile Works",
      summary:
        "Weaving, quilting and embroidery dominated this year's contemporary art fair. Galleries report strong sales to younger collectors.",
    },
    {
      title: "Fashion Week's Sustainability Claims, Examined",
      summary:
        "Designers promised recycled fabrics and deadstock collections. We checked which claims came with evidence, and which were mood boards.",
      tracked: true,
    },
    {
      title: "The Grid Is Not a Cage: Layout in Graphic Design",
      summary:
        "Swiss-style grids are often taught as rules. A look at designers who use the grid to create tension rather than order.",
    },
    {
      title: "Designing Museums for Short Attention Spans",
      summary:
        "Exhibition designers are using fewer objects, more seating and clearer stories. Museums say visitors stay longer when there is less to see.",
    },
    {
      title: "Web Development Meets Print: CSS for Books",
      summary:
        "Paged-media CSS can typeset a whole book. A typesetter compares it with traditional desktop publishing, footnotes & running heads included.",
    },
    {
      title: "Data Visualization Classics Worth Redrawing",
      summary:
        "Minard's march, Nightingale's rose and the Challenger O-ring chart: what they got right and what a modern redesign would change.",
    },
    {
      title: "Architecture That Cools Itself",
      summary:
        "Thick walls, courtyards and wind towers kept buildings cool for centuries. Architects are reviving passive design as summers get hotter.",
    },
    {
      title: "Interior Design Trends That Will Age Badly",
      summary:
        "Curvy sofas, arched mirrors and fluted everything. An interior designer predicts which of today's trends we'll regret in five years.",
    },
    {
      title: "Designing for Repair",
      summary:
        "Screws instead of glue, standard batteries and published manuals. How right-to-repair laws are changing product design.",
    },
    {
      title: "A Typeface Designed for Dyslexic Readers, Tested",
      summary:
        "Researchers compared a specialised typeface with common fonts. Reading speed improved more with spacing than with letter shapes, a reminder that typography's basics matter most.",
    },
    {
      title: "Photography Exhibition Revisits the First Colour Photographs",
      summary:
        "Autochromes from the early 1900s glow with a strange, grainy light. A new show gathers more than 200 of them.",
    },
  ],
};
