import type { DemoSourceData } from "../types.ts";

export const harborLedger: DemoSourceData = {
  id: "harbor-ledger",
  name: "Harbor Ledger",
  type: "rss",
  subject: "Economics",
  siteUrl: "https://harbor-ledger.example",
  description: "Markets, money and the economy, explained without the jargon.",
  authors: ["Nadia Fischer", "Carlos Mendes", "Ruth Adeyemi"],
  linkStyle: "numbered",
  html: true,
  entries: [
    {
      title: "Central Bank Holds Interest Rates Steady, Signals Cuts Later This Year",
      summary:
        "Policymakers left the benchmark rate unchanged for a fifth meeting but said inflation is cooling faster than expected. Markets now price two cuts before December.",
      story: "rates-hold",
    },
    {
      title: "Chip Stocks Rally on Data Centre Orders",
      summary:
        "Semiconductors led the stock market higher after two suppliers raised guidance, citing orders for data centre accelerators through next year.",
    },
    {
      title: "Cloud Computing Bills Are Now the Second-Biggest Cost at Many Startups",
      summary:
        "A survey of 300 founders finds cloud spend trails only payroll. Some are moving steady workloads back to rented servers.",
    },
    {
      title: "Why Index Funds Keep Winning the Fee War",
      summary:
        "Average fees on broad-market index funds fell again this year. We explain how securities lending and sheer scale let providers charge almost nothing.",
    },
    {
      title: "Cryptocurrency Exchanges Face New Reserve Audits",
      summary:
        "Regulators will require quarterly proof-of-reserves reports from large cryptocurrency platforms after a string of collapses. Smaller exchanges say the cost could push them offshore.",
      tracked: true,
    },
    {
      title: "Airlines Bet on Premium Economy as Business Travel Stalls",
      summary:
        "Carriers are converting business-class rows into premium economy, chasing leisure travellers willing to pay for legroom. Corporate bookings remain below pre-pandemic levels.",
    },
    {
      title: "Housing Market Cools as Mortgage Approvals Slip",
      summary:
        "Approvals fell for a third month, and asking prices in several regions are now below last year's. Economists expect a soft landing rather than a crash.",
    },
    {
      title: "Streaming Services Raise Prices Again, and Subscribers Mostly Stay",
      summary:
        "Churn barely moved after the latest round of price rises, emboldening platforms to push their ad-supported tiers harder.",
    },
    {
      title: "Offshore Wind Auction Draws Record Bids After Price Cap Raised",
      summary:
        "Developers returned to the auction once the government lifted the strike price. The winning projects would add enough renewable energy to power four million homes.",
    },
    {
      title: "Antitrust Regulators Open Probe Into Cloud Licensing Practices",
      summary:
        "The European Union's competition authority is examining whether software licences penalise customers who run products on rival clouds.",
    },
    {
      title: "Coffee Prices Hit Record as Harvests Falter",
      summary:
        "Arabica futures touched an all-time high after drought hit key growing regions. Roasters warn that specialty coffee prices in cafés will follow within months.",
      story: "coffee-record",
    },
    {
      title: "Remote Work Is Reshaping Office Leases, Not Ending Them",
      summary:
        "Companies are signing smaller, better-located leases rather than abandoning offices. Landlords of older buildings are the clear losers.",
    },
    {
      title: "Carbon Capture Projects Struggle to Find Buyers for Credits",
      summary:
        "Direct air capture plants are being built faster than demand for their removal credits is growing. Prices remain far above what most corporate buyers will pay.",
    },
    {
      title: "Inflation Eases to Lowest Level in Three Years",
      summary:
        "Headline inflation fell as energy prices dropped, though services costs remain sticky. Economists say wage growth will decide the next move on interest rates.",
    },
    {
      title: "Publishing Houses Test Subscription Bundles for Audiobooks",
      summary:
        "Three major publishers are piloting an all-you-can-listen tier. Authors' groups want clarity on how royalties will be split.",
    },
    {
      title: "Geopolitics Returns to the Boardroom as Supply Chains Shift",
      summary:
        "Chief executives now cite geopolitics as a top risk in earnings calls more often than interest rates, a review of transcripts shows.",
    },
    {
      title: "Digital Nomads Are Filling Off-Season Rentals in Southern Europe",
      summary:
        "Long-stay visas for remote workers have turned winter into a second high season in some coastal towns. Locals report mixed feelings about rising rents.",
    },
    {
      title: "Podcasts Become a Bright Spot for Ad Budgets",
      summary:
        "Podcast advertising grew while display ads shrank, driven by host-read spots and better measurement. Networks are hiring sales teams again.",
    },
    {
      title: "Electric Vehicles Take a Quarter of New Car Sales for the First Time",
      summary:
        "Cheaper models and expanding charging networks pushed electric vehicles past a milestone, though growth slowed in rural areas.",
    },
    {
      title: "The Stock Market Shrugs Off Weak Jobs Data",
      summary:
        "Shares closed higher despite a disappointing payrolls report, as traders read the numbers as a reason for central banks to ease sooner.",
    },
    {
      title: "Formula 1 signs record broadcast deal with streaming giant - Harbor Ledger",
      summary:
        "The rights fee is reported to be nearly double the previous contract, a sign of how much sports rights still command even as subscriber growth slows.",
      story: "f1-broadcast",
    },
    {
      title: "Venture Capital Funds Sit on More Dry Powder Than Ever",
      summary:
        "Firms hold record uncommitted capital while deal counts fall. Partners say valuations from the boom years still need to reset before money moves.",
    },
  ],
};
