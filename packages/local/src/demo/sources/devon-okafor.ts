import type { DemoSourceData } from "../types.ts";

export const devonOkafor: DemoSourceData = {
  id: "devon-okafor",
  name: "Devon Okafor",
  type: "bluesky",
  subject: "Technology",
  handle: "devonokafor.bsky.example",
  siteUrl: "https://bsky.example/profile/devonokafor.bsky.example",
  description: "Security researcher. Privacy, cryptography (the maths kind), breaking things responsibly.",
  entries: [
    {
      summary:
        "Patch your routers, folks. The bug disclosed today is pre-auth and trivially exploitable. Cybersecurity advice that never gets old.",
    },
    {
      summary:
        "Prompt injection in large language models is the SQL injection of this decade, except we don't have parameterised queries yet.",
    },
    {
      summary:
        "Friendly reminder: if a cryptocurrency giveaway asks you to send coins first, it's a scam. Every time. No exceptions.",
    },
    {
      summary:
        "Wrote up how the location broker case worked: apps embed SDKs, SDKs sell pings, brokers resell. Privacy policies just say 'partners'. Link in replies.",
    },
    {
      summary:
        "Social media platforms closing their APIs made misinformation research much harder. We can't study what we can't see.",
    },
    {
      summary:
        "Rewrote our fuzzing harness in Rust and found two memory bugs in the C library it wraps within the first hour. The maintainers were lovely about it.",
    },
    {
      summary:
        "Unpopular opinion: a password manager is the single biggest cybersecurity upgrade most people can make. Not a VPN. Not antivirus.",
    },
    {
      summary:
        "Deepfake voice scams targeting parents are rising. Agree on a family code word. This is where misinformation meets fraud.",
    },
    {
      summary:
        "The draft AI regulation's section on security testing is actually good. Red-teaming requirements with teeth.",
    },
    {
      summary:
        "Reverse-engineered a smart doorbell. It uploads audio clips even when the app says recording is off. Disclosed to the vendor 90 days ago, no reply. Privacy nightmare.",
    },
    {
      summary:
        "Hardened Linux laptop setup for reporters: full disk encryption, separate profiles, no USB auto-mounting. Guide in replies.",
    },
    {
      summary: "Large language models write phishing emails with perfect grammar. The 'look for typos' advice is dead.",
    },
    {
      summary:
        "Cryptocurrency bridge exploited again. Smart contracts holding billions after a single audit is not a security model.",
    },
    {
      summary:
        "Talk accepted! I'll present our work on open source supply chain attacks, and how we caught a malicious update before it shipped.",
    },
    {
      summary:
        "Reminder: 'end-to-end encrypted' means little if the backups aren't. Check your settings. Privacy should be a default, not a feature.",
    },
    {
      summary:
        "Social media age verification proposals keep ignoring the obvious: uploading ID to every app is a cybersecurity disaster waiting to happen.",
    },
    {
      summary:
        "Journalism tip: when reporting on a breach, don't link to the leaked data. It helps no one except the attackers.",
    },
    {
      summary:
        "Weekend project: a WebAssembly sandbox for untrusted browser extensions. Works better than it has any right to.",
    },
  ],
};
