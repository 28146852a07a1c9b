import type { DemoSourceData } from "../types.ts";

export const fieldLab: DemoSourceData = {
  id: "field-lab",
  name: "Field Lab Science",
  type: "youtube",
  subject: "Science",
  siteUrl: "https://tube.example/@fieldlab",
  description: "Science explained where it happens: in labs, on digs and out in the field.",
  entries: [
    {
      title: "How CRISPR Actually Cuts DNA",
      summary:
        "An animated explainer of guide RNAs, Cas9 and repair pathways, and why off-target edits are still the big worry. CRISPR in ten minutes.",
    },
    {
      title: "Inside an Active Volcano Observatory",
      summary:
        "We spent a week with scientists monitoring gas, tremors and ground swelling. How volcanoes warn us before they erupt, sometimes.",
    },
    {
      title: "Your Brain on Music: The Neuroscience of Chills",
      summary:
        "Why some songs give you goosebumps. Neuroscience studies show dopamine release in anticipation of a musical peak.",
    },
    {
      title: "The Genetics of Cats' Coat Colours",
      summary:
        "Calico cats are almost always female, and the reason is X-chromosome inactivation. A visual guide to feline genetics.",
    },
    {
      title: "The Microbiome in Your Kitchen Sponge",
      summary:
        "We sequenced a used sponge and found hundreds of bacterial species. Should you microwave it? The data says: just replace it.",
    },
    {
      title: "Night Dive on a Coral Reef",
      summary:
        "Octopuses hunting, parrotfish sleeping in mucus bubbles and corals feeding. A night on the reef with marine biology researchers.",
    },
    {
      title: "A Week on a Paleontology Dig",
      summary:
        "Plaster jackets, brushes and a very hot badlands summer. What paleontology fieldwork looks like, day to day.",
    },
    {
      title: "The Mathematics of Sunflowers",
      summary:
        "Why seed heads spiral in Fibonacci numbers, and the golden angle that packs them best. Mathematics you can see in the garden.",
    },
    {
      title: "Psychology Experiments That Failed to Replicate",
      summary:
        "Power poses, ego depletion and the marshmallow test revisited. What the replication crisis taught psychology.",
    },
    {
      title: "Why Coral Reefs Glow",
      summary:
        "Under blue light, many corals fluoresce green and orange. Scientists think the pigments work as sunscreen. Filmed with special filters.",
    },
    {
      title: "How Cancer Research Uses Organoids",
      summary:
        "Mini-tumours grown from patients' cells let researchers test drugs before treatment. Cancer research is moving from mice to dishes.",
    },
    {
      title: "What Centenarians Share",
      summary:
        "Studies of people over 100 point to a few protective gene variants and a lot of luck. The genetics of longevity, explained.",
    },
    {
      title: "What Happens in the Brain During Dementia",
      summary:
        "Plaques, tangles and inflammation: a visual journey through the stages of dementia, and the research aiming to slow it.",
    },
    {
      title: "Archaeology Meets DNA: Ancient Genomes Explained",
      summary:
        "Ancient DNA has rewritten the story of human migration. How archaeology and genetics work together, and where they clash.",
    },
    {
      title: "How a Neural Network Sees",
      summary:
        "We open up an image classifier and look at what each layer responds to: edges, then textures, then eyes and wheels.",
    },
    {
      title: "Volcanoes Under Ice: Iceland's Hidden Eruptions",
      summary:
        "When eruptions melt glaciers from below, floods follow. A look at the subglacial volcanoes scientists monitor most closely.",
    },
    {
      title: "CRISPR Crops in the Field",
      summary:
        "Gene-edited wheat with less acrylamide and tomatoes with extra vitamin D. We visit trial plots and ask what edited crops mean for farmers.",
    },
    {
      title: "The Psychology of Queues",
      summary:
        "Why waiting feels shorter when you're busy, and how theme parks use psychology to make hour-long queues bearable.",
    },
  ],
};
