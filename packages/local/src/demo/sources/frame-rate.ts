import type { DemoSourceData } from "../types.ts";

export const frameRate: DemoSourceData = {
  id: "frame-rate",
  name: "Frame Rate",
  type: "atom",
  subject: "Film & TV",
  siteUrl: "https://frame-rate.example",
  description: "Film and television: reviews, craft and the business of the screen.",
  authors: ["Jules Marchetti", "Hannah Cole"],
  linkStyle: "numbered",
  entries: [
    {
      title: "Film Festivals Are Becoming Markets First",
      summary:
        "Sales agents now outnumber critics at several major film festivals. Programmers worry that distribution deals are shaping the line-up.",
    },
    {
      title: "The Best Horror Films of the Year So Far",
      summary:
        "Folk horror, body horror and a haunted-house film with a twist ending. Our critics rank the horror films worth seeing in a cinema.",
    },
    {
      title: "Hand-Drawn Animation Is Making a Comeback",
      summary:
        "After decades of computer-generated features, several studios are releasing hand-drawn animation again, helped by digital ink and paint tools.",
    },
    {
      title: "Cinematography Masterclass: Shooting Night Scenes Without Lights",
      summary:
        "Fast lenses and sensitive sensors let filmmakers shoot by streetlight. A director of photography explains the look of this year's festival favourite.",
    },
    {
      title: "Documentaries Are Booming on Streaming. Are They Getting Worse?",
      summary:
        "True crime and celebrity documentaries dominate the charts. Filmmakers say investigative work struggles to get commissioned.",
    },
    {
      title: "Science Fiction on Television Finds Its Footing",
      summary:
        "Thoughtful science fiction series are finding audiences again, trading spectacle for ideas. Three shows that get it right.",
    },
    {
      title: "Independent Film Distributors Band Together",
      summary:
        "Seven small distributors have formed a cooperative to share marketing costs and negotiate with cinemas. Independent film needs screens more than money, they say.",
    },
    {
      title: "Streaming Services Are Cutting Back on Originals",
      summary:
        "After years of spending, streaming services are commissioning fewer series and licensing more back catalogue. Writers feel the squeeze.",
    },
    {
      title: "Composers on Writing Film Scores for Silence",
      summary:
        "The best film scores know when to stop. Three composers talk about the scenes they deliberately left unscored.",
    },
    {
      title: "Anime Films Top the Box Office Abroad",
      summary:
        "Japanese animated features have outgrossed Hollywood releases in several markets this year. Anime's global audience keeps growing.",
    },
    {
      title: "Stand-Up Comedy Specials Move to Live Streams",
      summary:
        "Comedians are selling tickets to live-streamed sets rather than selling specials to platforms. Stand-up comedy may have found a new business model.",
    },
    {
      title: "indie games studio announces animated series adaptation - Frame Rate",
      summary:
        "The studio behind a beloved pixel-art adventure is working with an animation house on a ten-episode series. Casting has not been announced.",
      story: "indie-series",
    },
    {
      title: "Horror Films Made for Under a Million",
      summary:
        "Low budgets force creativity: one location, a few actors and sound design doing the heavy lifting. Horror remains the genre where small films break out.",
    },
    {
      title: "Television Writers Return to Longer Seasons",
      summary:
        "Twenty-episode seasons are back for some comedies, as platforms chase viewers who want to binge less and stay longer.",
    },
    {
      title: "The Cinematography of Long Takes",
      summary:
        "Single-shot sequences have become a calling card for ambitious directors. How they're planned, rehearsed and sometimes faked.",
    },
    {
      title: "Documentaries at This Year's Film Festivals: Our Picks",
      summary:
        "A portrait of a rural midwife, an investigation into fast fashion and a music documentary we can't stop thinking about.",
    },
    {
      title: "Animation Studio Opens Its Archive to Students",
      summary:
        "Thousands of storyboards and model sheets from four decades of features will be available to animation students online.",
    },
    {
      title: "Independent Film Financing After the Tax Credit Changes",
      summary:
        "New rules favour smaller productions shot locally. Producers explain how independent film budgets are being rebuilt.",
    },
    {
      title: "Science Fiction Films That Take Science Seriously",
      summary:
        "From orbital mechanics to biology, some science fiction films consult experts. We asked physicists to grade five of them.",
    },
    {
      title: "Film Scores That Became Concert Hall Hits",
      summary:
        "Orchestras are filling seats with screenings accompanied live. Classical music purists are less grumpy about it than you might expect.",
    },
  ],
};
