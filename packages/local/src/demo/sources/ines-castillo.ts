import type { DemoSourceData } from "../types.ts";

export const inesCastillo: DemoSourceData = {
  id: "ines-castillo",
  name: "Inés Castillo",
  type: "bluesky",
  subject: "Economics",
  handle: "inescastillo.bsky.example",
  siteUrl: "https://bsky.example/profile/inescastillo.bsky.example",
  description: "Economist. Households, housing, money. Not financial advice.",
  entries: [
    {
      summary:
        "Personal finance advice that survives every cycle: spend less than you earn, keep an emergency fund, buy index funds, don't check them daily.",
    },
    {
      summary:
        "Central banks are in an awkward spot: inflation is falling but services prices aren't. Expect 'patient' in every statement.",
    },
    {
      summary:
        "Behavioral economics classic: people feel losses about twice as strongly as gains. It explains more of the housing market than any rate model.",
    },
    {
      summary:
        "Retirement planning for people in their 20s: the boring answer is time in the market. A small monthly amount now beats a large one at 45.",
    },
    {
      summary:
        "Interest rates are high and savers are finally earning something. Check your savings account: many still pay under 1%.",
    },
    {
      summary:
        "The housing market isn't one market. Prices fall in some towns while rents soar in cities. National averages hide everything.",
    },
    {
      summary:
        "Labor unions won real wage gains this year for the first time in a decade. The data is clear: bargaining coverage matters.",
    },
    {
      summary:
        "Inflation is an average. Your personal rate depends on whether you rent, drive or have kids. Mine is way above the headline.",
    },
    {
      summary:
        "Remote work hasn't killed cities, but it has moved spending from office districts to the suburbs. Lunch economics changed.",
    },
    {
      summary:
        "Index funds now hold half the stock market. Does passive investing distort prices? Economists disagree, loudly.",
    },
    { summary: "Cryptocurrency is not a retirement plan. I will not be taking questions." },
    {
      summary:
        "Behavioral economics in practice: auto-enrolment in workplace pensions raised participation from 50% to 90%. Defaults are powerful.",
    },
    {
      summary:
        "The question I get most: rent or buy? It depends on how long you'll stay. Under five years, renting usually wins.",
    },
    {
      summary:
        "Central banks talking about 'data dependence' means they don't know either. That's fine! Uncertainty is honest.",
    },
    {
      summary:
        "Interest rates explained for my mum: when they go up, your mortgage costs more and your savings earn more. She asked 'so who wins?' Good question.",
    },
    {
      summary:
        "Personal finance apps that gamify saving work, a bit. Streaks got people saving more, but they stopped when the streak broke.",
    },
    {
      summary:
        "Retirement planning for freelancers is a mess: no employer match, irregular income. Policy should fix this, not individuals.",
    },
    {
      summary: "Affordable housing needs supply. Every study says so. Every local meeting says not here.",
    },
  ],
};
