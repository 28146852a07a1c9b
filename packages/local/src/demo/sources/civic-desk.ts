import type { DemoSourceData } from "../types.ts";

export const civicDesk: DemoSourceData = {
  id: "civic-desk",
  name: "The Civic Desk",
  type: "rss",
  subject: "Politics",
  siteUrl: "https://civic-desk.example",
  description: "Policy, politics and public services, reported from the ground up.",
  authors: ["Helen Okoro", "James Whitaker", "Sofia Lindqvist"],
  linkStyle: "numbered",
  entries: [
    {
      title: "EU Lawmakers Agree Final Text of AI Regulation",
      summary:
        "After a marathon negotiating session, the European Union's institutions agreed rules for general-purpose models, including transparency duties and fines of up to 7% of turnover.",
      story: "ai-regulation-deal",
    },
    {
      title: "Central bank holds interest rates steady; signals cuts later this year - The Civic Desk",
      summary:
        "The decision keeps borrowing costs at a 15-year high for now. Opposition politicians called for faster relief for mortgage holders.",
      story: "rates-hold",
    },
    {
      title: "Night train between Berlin and Rome returns after twenty years - The Civic Desk",
      summary:
        "Transport ministers welcomed the revived sleeper route as a test of European rail policy, which aims to double cross-border passenger numbers by 2030.",
      story: "berlin-rome-sleeper",
    },
    {
      title: "Elections Watchdog Warns of Deepfake Robocalls",
      summary:
        "The electoral commission says synthetic voice calls impersonating candidates have been reported in three districts ahead of the local elections. Misinformation researchers expect more.",
    },
    {
      title: "Climate Policy: What the New Carbon Border Tax Covers",
      summary:
        "Importers of steel, cement and fertiliser will pay for embedded emissions from next year. Trading partners are already seeking exemptions.",
    },
    {
      title: "Teachers Reach Deal on Class Sizes After Months of Strikes",
      summary:
        "Labor unions representing teachers secured a cap of 28 pupils per class and funding for 4,000 new posts. Education ministers called it affordable.",
    },
    {
      title: "Immigration Reform Bill Clears First Vote",
      summary:
        "The bill would create a points-based route for care workers and speed up asylum decisions. Rights groups say the detention provisions go too far.",
    },
    {
      title: "Cities Try Free Public Transit, With Mixed Results",
      summary:
        "Fare-free buses raised ridership in Tallinn and Dunkirk, but mostly drew walkers and cyclists rather than drivers. A look at what the data says.",
    },
    {
      title: "Affordable Housing Targets Missed for Fifth Year",
      summary:
        "Councils delivered just over half of planned affordable housing, blaming land costs and planning delays. Housing charities want a new social homebuilding programme.",
    },
    {
      title: "Antitrust Case Against App Store Fees Heads to Trial",
      summary:
        "Developers allege the platform's 30% commission is an abuse of dominance. The trial is expected to last eight weeks.",
    },
    {
      title: "Privacy Regulators Fine Data Broker Over Location Sales",
      summary:
        "The company sold precise location histories that could identify visits to clinics and places of worship, regulators said. It plans to appeal.",
      tracked: true,
    },
    {
      title: "Public Health Agencies Brace for Winter Respiratory Season",
      summary:
        "Epidemiology teams forecast an early flu peak. Officials urged older adults to get their vaccines before December.",
    },
    {
      title: "Health agency expands free vaccines for adults over 50 - The Civic Desk",
      summary:
        "The programme will cost an estimated 200 million a year, which ministers argue will be recovered through fewer hospital admissions.",
      story: "vaccines-over-50",
    },
    {
      title: "Social Media Age Limits Move Closer to Law",
      summary:
        "A cross-party bill would bar under-16s from opening accounts on major social media platforms. Tech firms question how age checks would work without harming privacy.",
    },
    {
      title: "Local Newspapers Find a Lifeline in Nonprofit Journalism",
      summary:
        "More than 60 local titles have converted to nonprofit status in three years, funded by readers and foundations. Investigative journalism is returning to small towns.",
    },
    {
      title: "Library Funding Cuts Spark Protests",
      summary:
        "Residents occupied a branch library slated for closure. Campaigners say libraries are now the only free indoor public space in many towns.",
    },
    {
      title: "What Democracy Indexes Actually Measure",
      summary:
        "Rankings of democracy combine expert surveys, election data and press freedom scores. We explain why countries can move sharply between editions.",
    },
    {
      title: "The Geopolitics of Critical Minerals: Who Controls the Supply",
      summary:
        "Lithium, cobalt and rare earths are refined in a handful of countries. New alliances aim to diversify supply, but it will take a decade.",
    },
    {
      title: "Mental Health Support in Schools to Double",
      summary:
        "Every secondary school will have access to a trained mental health practitioner by 2027, the education department announced.",
    },
    {
      title: "Supermarkets Required to Report Food Waste",
      summary:
        "Large grocers will have to publish annual food waste figures from next year. Charities hope transparency will push more surplus to food banks.",
    },
    {
      title: "Urban Planning Reforms Aim to Speed Up Housing",
      summary:
        "Zoning changes would allow taller buildings near train stations by default. Local groups worry about losing control over planning decisions.",
    },
    {
      title: "Overtourism Taxes Spread Across European Cities",
      summary:
        "Venice's day-tripper fee is being copied elsewhere, with mixed evidence that it reduces crowds. Overtourism has become a local election issue.",
    },
    {
      title: "Turnout in Local Elections Rises for First Time in a Decade",
      summary:
        "Younger voters and postal ballots drove the increase. Political scientists say it is a modest but welcome sign for local democracy.",
    },
    {
      title: "Care Homes Rely on Immigration to Fill Staff Shortages",
      summary:
        "One in four care workers arrived in the last five years, official figures show. Providers warn that tighter immigration rules would close homes.",
    },
  ],
};
