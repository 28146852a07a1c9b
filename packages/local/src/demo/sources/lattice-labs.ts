import type { DemoSourceData } from "../types.ts";

export const latticeLabs: DemoSourceData = {
  id: "lattice-labs",
  name: "Lattice Labs Engineering",
  type: "atom",
  subject: "Programming",
  siteUrl: "https://lattice-labs.example",
  description: "How we build, run and break our systems.",
  authors: ["Yuki Tanaka", "Ben Adler", "Ola Nowak"],
  linkStyle: "blog",
  entries: [
    {
      title: "Rewriting Our Ingest Service in Rust: Six Months Later",
      summary:
        "Memory use dropped by 80% and p99 latency halved, but compile times and hiring were harder than expected. An honest retrospective.",
    },
    {
      title: "TypeScript's Type System Is Turing Complete. Please Don't.",
      summary:
        "We removed 4,000 lines of clever conditional types and our builds got three times faster. Guidelines for keeping TypeScript types readable.",
    },
    {
      title: "WebAssembly Outside the Browser: Plugins Without Fear",
      summary:
        "Running untrusted plugins as WebAssembly modules gives us sandboxing and near-native speed. How we wired the component model into our gateway.",
    },
    {
      title: "Kubernetes Costs: Where the Money Actually Goes",
      summary:
        "Over-provisioned requests, idle nodes and cross-zone traffic made up 60% of our Kubernetes bill. The dashboards and policies that fixed it.",
    },
    {
      title: "Postgres Is Enough: Replacing Three Databases With One",
      summary:
        "We consolidated a document store, a queue and a search index into Postgres. Fewer databases meant fewer pages at 3 a.m.",
    },
    {
      title: "Linux Kernel Tuning for High-Throughput Networking",
      summary:
        "Interrupt affinity, busy polling and larger ring buffers took our proxy from 2 to 9 Gbit/s per core on commodity Linux servers.",
    },
    {
      title: "What We Learned Maintaining an Open Source Library for Five Years",
      summary:
        "Issue triage, saying no and funding: lessons from maintaining a popular open source parser with three part-time maintainers.",
    },
    {
      title: "Cloud Computing Without Lock-In Is a Myth. Here's What's Realistic.",
      summary:
        "Portable containers don't make managed services portable. The abstractions worth paying for, and the ones that aren't.",
    },
    {
      title: "Supply Chain Attacks on Package Registries: A Field Report",
      summary:
        "Typosquatted packages, hijacked maintainer accounts and malicious install scripts. Our cybersecurity team's checklist for dependency hygiene.",
    },
    {
      title: "Web Development Is Rediscovering the Server",
      summary:
        "Server-rendered HTML with small islands of interactivity is back. We rebuilt our dashboard this way and shipped half the JavaScript.",
    },
    {
      title: "Shipping Machine Learning Models Behind a Feature Flag",
      summary:
        "Treat models like any other risky change: canary them, watch the metrics and keep the old one warm. Our rollout playbook for machine learning in production.",
    },
    {
      title: "Accessible Forms: A UX Design Checklist for Engineers",
      summary:
        "Labels, error messages and focus order are where most forms fail. The short UX design checklist we now run in code review.",
    },
    {
      title: "Async Rust Without Tears",
      summary:
        "Pinning, cancellation and executor choice trip up most newcomers to async Rust. Patterns that kept our codebase understandable.",
    },
    {
      title: "Incremental Builds for a TypeScript Monorepo",
      summary:
        "Project references and build caching cut our CI times from 25 minutes to six. What worked, and what we had to undo.",
    },
    {
      title: "Rituals That Survived Three Years of Distributed Teams",
      summary:
        "Written design docs, recorded demos and a weekly no-meeting day. What stuck after three years of remote work, and what we dropped.",
    },
    {
      title: "Post-Quantum TLS: Are You Ready?",
      summary:
        "Browsers are rolling out hybrid key exchange ahead of the day quantum computing breaks today's cryptography. We measured the handshake overhead and found one middlebox that broke.",
    },
    {
      title: "Zero-Downtime Database Migrations on Kubernetes",
      summary:
        "Expand-and-contract schemas, dual writes and careful job ordering let us migrate live databases without maintenance windows.",
    },
    {
      title: "Productivity Metrics for Engineering Teams Are Mostly Noise",
      summary:
        "Lines of code and ticket counts mislead. The few signals that tracked shipping for us: review latency and deploy frequency.",
    },
    {
      title: "Running Startups on a Single Server",
      summary:
        "A surprising number of startups could run on one well-configured machine. We load-tested ours and found it handles twenty times current traffic.",
    },
    {
      title: "Rust and WebAssembly for Image Processing in the Browser",
      summary:
        "Porting our thumbnail pipeline to Rust compiled to WebAssembly let us resize uploads client-side and cut server costs by a third.",
    },
    {
      title: "Dashboards That Help at 3 a.m.",
      summary:
        "Most dashboards are walls of line charts. Applying a few data visualization principles cut our time to diagnose incidents in half.",
    },
  ],
};
