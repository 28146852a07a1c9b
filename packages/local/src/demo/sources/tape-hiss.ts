import type { DemoSourceData } from "../types.ts";

export const tapeHiss: DemoSourceData = {
  id: "tape-hiss",
  name: "Tape Hiss Sessions",
  type: "youtube",
  subject: "Music",
  siteUrl: "https://tube.example/@tapehiss",
  description: "Recording, synths and the music we love, one session at a time.",
  entries: [
    {
      title: "Making a Track With Only One Synth",
      summary:
        "One analog mono synth, a looper and no computer. A music production challenge that forces you to commit to every sound.",
    },
    {
      title: "Jazz Chords for Producers Who Don't Read Music",
      summary:
        "Seventh chords, voicings and the ii-V-I explained on a keyboard. Make your beats sound like jazz without a theory degree.",
    },
    {
      title: "Modular Synthesizers on a Budget",
      summary:
        "You don't need a wall of modules. A compact 84HP system that covers most patches, and where to save money.",
    },
    {
      title: "Digging for Vinyl Records in Tokyo",
      summary:
        "A day in the record shops of Shimokitazawa and Shinjuku: jazz, city pop and a few expensive mistakes. Shops in Japan grade their stock meticulously.",
    },
    {
      title: "Mixing Low End: Why Your Bass Disappears on Phones",
      summary:
        "Small speakers can't reproduce sub-bass. Saturation and harmonics help your music production translate to any system.",
    },
    {
      title: "The Drum Machine That Changed Electronic Music",
      summary:
        "A cheap drum machine flopped on release, then became the sound of house and techno. How a failure shaped electronic music.",
    },
    {
      title: "Recording Folk Music in a Kitchen",
      summary: "Two mics, one room and a fiddle player. How to capture folk music that sounds live and warm.",
    },
    {
      title: "Sampling Ethics in Hip Hop Production",
      summary:
        "Clearing samples, crate-digging and paying the originators. Producers discuss how hip hop sampling has changed since the lawsuits of the 90s.",
    },
    {
      title: "Scoring a Short Film in a Week",
      summary:
        "I wrote the music for a 12-minute film on a deadline. Temp tracks, themes and what film scores need that songs don't.",
    },
    {
      title: "Vintage Synthesizers vs Software Emulations: Blind Test",
      summary:
        "Can you hear the difference? We recorded five classic synthesizers and their plugin versions and asked listeners to guess.",
    },
    {
      title: "Jazz Drumming Basics With a Session Legend",
      summary: "Ride patterns, comping and brushes. A veteran jazz drummer breaks down the fundamentals.",
    },
    {
      title: "Home Studio Acoustics for Under $300",
      summary:
        "Bass traps, first-reflection panels and speaker placement. Cheap fixes that improve music production more than new gear.",
    },
    {
      title: "Electronic Music Live Sets Without a Laptop",
      summary: "Grooveboxes, sequencers and a small mixer. How to perform electronic music live with hardware only.",
    },
    {
      title: "Rescuing a Vinyl Records Collection From a Flood",
      summary:
        "Cleaning mouldy sleeves, washing records and deciding what's salvageable. A rescue job for 400 water-damaged LPs.",
    },
    {
      title: "How Engineers Record an Orchestra",
      summary:
        "Spaced pairs, Decca trees and room sound. Classical music recording techniques, and how to try them with a string quartet.",
    },
    {
      title: "A Hip Hop Beat From Scratch in 20 Minutes",
      summary: "Chopping a soul sample, programming drums and adding a bassline. A complete beat, start to finish.",
    },
    {
      title: "Synthesizers of the 80s: Sounds That Defined a Decade",
      summary: "The FM bells, gated snares and string pads of 80s pop, recreated step by step.",
    },
    {
      title: "Folk Music Instruments From Around the World",
      summary: "Hurdy-gurdy, kora and nyckelharpa: I tried to learn five instruments in a month. Here's how far I got.",
    },
  ],
};
