import type { DemoSourceData } from "../types.ts";

export const pitchsideDaily: DemoSourceData = {
  id: "pitchside-daily",
  name: "Pitchside Daily",
  type: "rss",
  subject: "Sport",
  country: "United Kingdom",
  siteUrl: "https://pitchside-daily.example",
  description: "Sport news, analysis and the numbers behind the results.",
  authors: ["Danny Kerr", "Aisha Bello", "Luca Romano"],
  entries: [
    {
      title: "Formula 1 Signs Record Broadcast Deal With Streaming Giant",
      summary:
        "The multi-year agreement moves live coverage of every Formula 1 session to a streaming platform in several major markets, ending decades of free-to-air races.",
      story: "f1-broadcast",
    },
    {
      title: "Premier League Clubs Vote to Cap Squad Spending",
      summary:
        "A new rule will limit wages and transfer spending to a multiple of the lowest club's TV income. Several of the biggest clubs voted against.",
    },
    {
      title: "World Cup Qualifiers: Five Things We Learned",
      summary:
        "A debutant nation stunned its group leaders, set pieces decided three games and pressing teams faded late. Our takeaways from the World Cup qualifying round.",
    },
    {
      title: "The Young Players to Watch as the Tennis Season Opens",
      summary:
        "Three teenagers reached the quarter-finals in the first tennis tournaments of the year. Coaches say bigger serves and better fitness are changing the tour.",
    },
    {
      title: "Cricket's Shortest Format Heads to the Olympics",
      summary:
        "T20 cricket returns to the Olympics for the first time since 1900. National boards are scrambling to settle qualification rules.",
    },
    {
      title: "Rugby Law Changes Aim to Cut Head Injuries",
      summary:
        "Tackle height will be lowered to the sternum at amateur level. Early trials showed fewer concussions, though some players say the game has slowed.",
    },
    {
      title: "Basketball's Three-Point Boom Has Peaked, Data Suggests",
      summary:
        "Attempts from deep have flattened for the first time in a decade. Sports analytics staff say defences have finally caught up.",
    },
    {
      title: "Tour de France Route Features Gravel Stage and Summit Finish",
      summary:
        "Next year's race includes 30 km of gravel roads and a finish on a new Alpine climb. Sprinters will have fewer chances than usual.",
    },
    {
      title: "Skateboarding Park Opens in Former Multi-Storey Car Park",
      summary:
        "Three floors of a disused car park now hold an indoor skate park with a bowl, a street course and a café. It's free for under-18s.",
    },
    {
      title: "Chess Prodigy Becomes Youngest Grandmaster in a Decade",
      summary:
        "The 12-year-old secured the final norm at an open tournament, beating three grandmasters in a row. Chess coaches credit years of online blitz.",
    },
    {
      title: "Esports Teams Join Olympic Qualification Talks",
      summary:
        "Organisers are consulting esports organisations on a separate games event. Players' groups want a say in which titles make the cut.",
    },
    {
      title: "Sailing: Foiling Boats Dominate Round-the-World Race",
      summary:
        "Flying hulls have cut days off the ocean legs. Designers explain how foils changed offshore sailing in five years.",
    },
    {
      title: "Surfing Competition Moves to an Artificial Wave Pool",
      summary:
        "Organisers say consistent waves make judging fairer. Traditionalists argue that surfing is about reading the ocean.",
    },
    {
      title: "Premier League Title Race: Why Set Pieces Are Deciding It",
      summary:
        "Corners and free kicks account for a third of goals among the top four. Specialist coaches are now among the best-paid staff in the Premier League.",
    },
    {
      title: "Formula 1 Rookie Impresses in Wet Qualifying",
      summary:
        "A 19-year-old put his car in the top five in treacherous conditions, his best result in Formula 1 so far.",
    },
    {
      title: "Women's World Cup Ticket Sales Break Records",
      summary:
        "More than a million tickets have sold six months before kick-off. Organisers are adding seats at two stadiums.",
    },
    {
      title: "Cricket Analysts Rethink the Value of Dot Balls",
      summary:
        "Ball-tracking data suggests pressure from dot balls leads to fewer wickets than commentators claim. Sports analytics is changing bowling plans.",
    },
    {
      title: "Skiing World Cup Cancels Races Over Lack of Snow",
      summary:
        "Warm weather forced organisers to cancel two downhill events in October. Athletes are calling for a later season start.",
    },
    {
      title: "Olympics Host City Plans Car-Free Games",
      summary:
        "Organisers promise every venue will be reachable by public transport, bicycle or on foot. Spectators will not be able to park at any site.",
    },
    {
      title: "Basketball Leagues Expand in Europe",
      summary:
        "Two new franchises join the continental league next season, with arenas in Lisbon and Warsaw. Basketball attendances have risen for four years.",
    },
    {
      title: "Tennis Tournaments Adopt Electronic Line Calling Everywhere",
      summary:
        "Line judges will disappear from all tour-level events next season. Players are split: fewer errors, but less drama.",
    },
  ],
};
