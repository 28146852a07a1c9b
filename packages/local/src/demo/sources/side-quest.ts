import type { DemoSourceData } from "../types.ts";

export const sideQuest: DemoSourceData = {
  id: "side-quest",
  name: "Side Quest Journal",
  type: "atom",
  subject: "Games",
  siteUrl: "https://side-quest.example",
  description: "Games of every size: digital, tabletop and the people who make them.",
  authors: ["Riley Chen", "Morgan Ashby"],
  entries: [
    {
      title: "Indie Games Studio Announces Animated Series Adaptation",
      summary:
        "The tiny team behind a cult pixel-art adventure has signed with an animation studio. Fans are already arguing about the voice cast.",
      story: "indie-series",
    },
    {
      title: "Why Board Games Are Having a Golden Age",
      summary:
        "Crowdfunding, better rulebooks and board game cafés have brought the hobby to new players. Sales have doubled in five years.",
    },
    {
      title: "Dungeons and Dragons Rules Update: What Changed",
      summary:
        "The revised rules simplify grappling, rebalance spellcasters and make character backgrounds more flexible. Longtime players weigh in.",
    },
    {
      title: "Game Design Lessons From Falling Blocks",
      summary:
        "Simple rules, rising pressure and instant feedback. Why a forty-year-old puzzle is still taught in every game design course.",
    },
    {
      title: "Speedrunning Community Catches a Cheat With Audio Analysis",
      summary:
        "A world-record run was exposed as spliced when volunteers analysed the background audio. Speedrunning moderators have tightened verification.",
    },
    {
      title: "Retro Gaming Prices Are Out of Control",
      summary:
        "Sealed cartridges now sell for thousands at auction. Collectors worry that retro gaming is becoming an investment market rather than a hobby.",
    },
    {
      title: "Nintendo Details Its Next Console",
      summary:
        "The new hybrid console keeps backward compatibility and adds a larger screen. Nintendo says it will launch with three first-party games.",
    },
    {
      title: "Esports Viewership Dips as Leagues Restructure",
      summary:
        "Franchise leagues have lost sponsors and viewers this year. Esports organisations are cutting rosters and betting on smaller, open tournaments.",
    },
    {
      title: "Virtual Reality Games Still Lack a Killer App",
      summary:
        "Headsets are lighter and cheaper, but virtual reality gaming remains niche. Developers explain why motion sickness and short sessions limit design.",
    },
    {
      title: "Indie Games That Deserve More Players",
      summary:
        "A farming sim with a dark secret, a wordless puzzle game and a roguelike about paperwork. Ten indie games from this year you may have missed.",
    },
    {
      title: "How Video Games Are Preserved When Servers Shut Down",
      summary:
        "When online games go dark, they vanish. Archivists and fans are fighting to keep video games playable after publishers move on.",
    },
    {
      title: "Chess Streaming Boom Brings New Players to Clubs",
      summary:
        "Online chess streams have sent a wave of new members to local clubs. Some now run beginner nights twice a week.",
    },
    {
      title: "Role-Play in Schools: Dungeons and Dragons as Social Skills Training",
      summary:
        "Therapists and teachers are using tabletop role-play to build confidence and teamwork. Early studies show promising results.",
    },
    {
      title: "Building a City Without Combat",
      summary:
        "The designer of a cosy city builder explains how to make a game tense without enemies, and why game design for calm is harder than it looks. Hint: water management.",
    },
    {
      title: "Retro Gaming Handhelds Tested",
      summary:
        "Cheap emulation handhelds have flooded the market. We tested six for build quality, screen and battery life.",
    },
    {
      title: "Board Games Designed for Two Players",
      summary:
        "Not every game night needs a crowd. The best board games for couples and housemates, from quick card duels to epic campaigns.",
    },
    {
      title: "Accessibility on Nintendo Hardware Falls Behind",
      summary:
        "Rival platforms offer remappable controls and screen readers. Players with disabilities say Nintendo needs to catch up.",
    },
    {
      title: "Speedrunning Charity Marathon Raises Record Sum",
      summary:
        "A week-long speedrunning event raised over two million for charity, with the most-watched run finishing a classic platformer in 18 minutes.",
    },
    {
      title: "Video Games Set in Japan That Get the Details Right",
      summary:
        "Convenience stores, train jingles and the sound of cicadas. Developers explain how they researched everyday life in Japan.",
    },
    {
      title: "Anime Adaptations of Video Games Are Finally Good",
      summary:
        "Studios are treating game adaptations as stories rather than advertisements, and anime fans have noticed.",
    },
    {
      title: "Virtual Reality Fitness Games Get a Clinical Trial",
      summary:
        "Researchers will test whether rhythm games in virtual reality keep older adults exercising longer than a gym plan. Early pilots had surprisingly low drop-out.",
    },
  ],
};
