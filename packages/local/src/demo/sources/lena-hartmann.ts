import type { DemoSourceData } from "../types.ts";

export const lenaHartmann: DemoSourceData = {
  id: "lena-hartmann",
  name: "Lena Hartmann",
  type: "bluesky",
  subject: "Music",
  handle: "lenahartmann.bsky.example",
  siteUrl: "https://bsky.example/profile/lenahartmann.bsky.example",
  description: "Music and culture writer. Records, stages, galleries.",
  entries: [
    {
      summary:
        "Saw a jazz trio in a basement bar last night play a forty-minute version of a standard, and nobody checked their phone. Still thinking about it.",
    },
    {
      summary:
        "The K-Pop training system deserves the criticism it gets, but the choreography is simply astonishing. Went to my first arena show.",
    },
    {
      summary:
        "Indie rock had a great year and nobody noticed, because the streaming charts only show the same ten songs.",
    },
    {
      summary: "Hot take: classical music concerts should let you clap between movements. Audiences did for centuries.",
    },
    {
      summary:
        "Vinyl records outsell CDs again, yet half the buyers say they don't own a turntable. Posters with a hole in the middle.",
    },
    {
      summary:
        "New episode out: three theatre directors on staging plays in car parks and laundrettes. Podcasts about theatre you'll never get to see are my favourite genre.",
    },
    {
      summary:
        "Music festivals this summer: too many headliners, too few water points. The small festivals are doing it better.",
    },
    {
      summary:
        "The new contemporary art wing is gorgeous, and half the works sit behind glare-heavy glass. Who signed off on the lighting?",
    },
    { summary: "The folk music revival is real: my local session has gone from five fiddlers to twenty in a year." },
    {
      summary:
        "Hip hop turned 50 and the best tribute was the kids freestyling outside the venue after the official show ended.",
    },
    {
      summary:
        "Stand-up comedy recommendation: a 60-minute set about her grandmother's funeral that had me crying laughing. Grief is apparently great material.",
    },
    {
      summary:
        "Fashion week recap: the best show had no celebrities and clothes people could actually wear. Revolutionary.",
    },
    {
      summary:
        "Poetry readings in pubs are back, and they're packed. Who knew everyone wanted sonnets with their pint.",
    },
    {
      summary:
        "Spent the afternoon in the Renaissance galleries. The portraits are all side-eye and suspicion. Very relatable.",
    },
    {
      summary:
        "Museums should open late on Fridays. Every one that has tried it saw younger visitors and a busier café.",
    },
    {
      summary:
        "Bought three vinyl records at a car boot sale for a pound each. One is a first pressing. Not selling it.",
    },
    {
      summary:
        "The jazz festival line-up dropped and it's mostly pop acts with a saxophonist. Disappointed but not surprised.",
    },
    {
      summary:
        "Mural tour through the old docks today. Some fading, some freshly painted over the weekend. Photography of murals is harder than it looks with all the scaffolding.",
    },
    {
      summary:
        "Indie rock bands touring without a label: selling merch, sleeping on floors, and somehow making more than they did on a contract.",
    },
    {
      summary:
        "K-Pop fan clubs organised the most efficient charity drive I've ever seen. Spreadsheets, shift rotas and a live tracker.",
    },
  ],
};
