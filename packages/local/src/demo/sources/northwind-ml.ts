import type { DemoSourceData } from "../types.ts";

export const northwindMl: DemoSourceData = {
  id: "northwind-ml",
  name: "Northwind ML",
  type: "rss",
  subject: "Technology",
  siteUrl: "https://northwind-ml.example",
  description: "Applied machine learning, research notes and the people building with models.",
  authors: ["Priya Raman", "Tomasz Wilk", "Aiko Mori"],
  entries: [
    {
      title: "Why Small Neural Networks Still Win on Tabular Data",
      summary:
        "A benchmark across forty public datasets finds gradient-boosted trees and compact neural networks trading wins, but the small models train in seconds. We look at where deep learning actually helps with spreadsheets.",
    },
    {
      title: "Distilling Large Language Models for Phones Without Losing Their Manners",
      summary:
        "Knowledge distillation can shrink large language models to a tenth of their size. The hard part is keeping refusals and tone intact, and we show the evaluation suite that caught our regressions.",
    },
    {
      title: "A Field Guide to Evaluation Leakage in Machine Learning",
      summary:
        "Test sets leak into training data more often than teams admit. Here are six patterns we found auditing machine learning pipelines, from duplicate images to timestamp bleed.",
    },
    {
      title: "Computer Vision on the Factory Floor: Counting Bolts at 120 Frames per Second",
      summary:
        "A case study in deploying computer vision on a conveyor line with a single embedded GPU, including the lighting fixes that mattered more than the model.",
    },
    {
      title: "What the Draft AI Regulation Means for Model Cards",
      summary:
        "Documentation duties in the latest AI regulation draft overlap heavily with model cards. We map each clause to fields teams already fill in, and flag the three that are new.",
    },
    {
      title: "Quantum Computing Won't Speed Up Your Training Loop (Yet)",
      summary:
        "Claims about quantum machine learning often skip the cost of loading classical data into qubits. A sober look at which problems might benefit first.",
    },
    {
      title: "Teaching Robots to Fold Laundry With 40 Demonstrations",
      summary:
        "Imitation learning has quietly become practical for household robotics. A new paper gets reliable towel folding from a few dozen human demonstrations and a lot of data augmentation.",
    },
    {
      title: "The Linear Algebra You Actually Need for Data Science",
      summary:
        "Matrix factorisation, projections and eigenvectors cover most day-to-day data science. A refresher with worked examples and none of the proofs.",
    },
    {
      title: "Autonomous Vehicles Are Learning From Simulated Near-Misses",
      summary:
        "Self-driving teams are generating rare crash scenarios in simulation to train perception stacks. Critics worry the synthetic edge cases are too tidy to transfer to real roads.",
    },
    {
      title: "Sports Analytics Teams Turn to Tracking Data for Defensive Metrics",
      summary:
        "Player-tracking feeds let analysts measure what box scores miss: spacing, pressure and recovery runs. Several clubs now employ more data science staff than scouts.",
    },
    {
      title: "Visualising Attention: Better Plots for Transformer Internals",
      summary:
        "Heatmaps of attention weights are easy to make and easy to misread. We propose three data visualization patterns that make head-level behaviour legible.",
    },
    {
      title: "Venture Capital Cools on Foundation Model Startups",
      summary:
        "Funding rounds for new model labs fell sharply this quarter as investors shift toward applied tools. Founders say compute costs make small raises pointless.",
      tracked: true,
    },
    {
      title: "Why Your Neural Network Forgets: A Visual Tour of Catastrophic Interference",
      summary:
        "Fine-tuning on new tasks can erase old skills. We walk through replay buffers, elastic weight consolidation and the surprisingly strong baseline of mixing old data back in.",
    },
    {
      title: "Mathematics Olympiad Problems Are the New Reasoning Benchmark",
      summary:
        "Several labs now report scores on competition mathematics, but contamination is rife. We checked which problems appear verbatim in public training corpora.",
    },
    {
      title: "Open Weights vs. Open Source: Why the Licence Fine Print Matters",
      summary:
        "Many 'open' models ship weights under licences that restrict commercial use. We compare the terms side by side with classic open source licences.",
    },
    {
      title: "Retrieval Beats Fine-Tuning for Fast-Changing Docs",
      summary:
        "For support bots built on large language models, retrieval-augmented generation outperformed monthly fine-tunes in our tests, at a fraction of the cost.",
    },
    {
      title: "Synthetic Data for Medical Imaging: Promise and Pitfalls",
      summary:
        "Generated scans can balance rare conditions in training sets, but radiologists spotted artefacts that models happily learned. A cautionary computer vision study.",
    },
    {
      title: "Energy Use of Machine Learning Training Runs, Measured Honestly",
      summary:
        "We metered a cluster for a month. Idle GPUs, failed runs and hyperparameter sweeps used more energy than the final training job.",
    },
    {
      title: "Graph Neural Networks Predict Traffic Better Than Map Apps Admit",
      summary:
        "Road networks are graphs, and graph neural networks exploit that. A city public transit agency shared results from a pilot that cut arrival prediction error by a fifth.",
    },
    {
      title: "EU lawmakers agree final text of AI regulation - Northwind ML",
      summary:
        "What practitioners need to know: transparency duties for general-purpose models, a register for high-risk systems and a grace period of two years for most obligations.",
      story: "ai-regulation-deal",
    },
  ],
};
