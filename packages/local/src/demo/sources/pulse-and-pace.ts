import type { DemoSourceData } from "../types.ts";

export const pulseAndPace: DemoSourceData = {
  id: "pulse-and-pace",
  name: "Pulse & Pace",
  type: "atom",
  subject: "Health",
  siteUrl: "https://pulse-and-pace.example",
  description: "Evidence-based health, training and wellbeing.",
  authors: ["Nia Roberts", "Kai Feldman"],
  entries: [
    {
      title: "Marathon Training Plans: How Many Long Runs Do You Need?",
      summary:
        "Most plans prescribe weekly long runs of up to 32 km. Coaches say consistency over 16 weeks matters more than one heroic run.",
    },
    {
      title: "Sleep Debt Is Real, but Recoverable",
      summary:
        "A week of short nights impairs reaction times as much as mild intoxication. Researchers found two nights of extended sleep undo most of it.",
    },
    {
      title: "Strength Training After 50: Start Light, Stay Consistent",
      summary:
        "Muscle loss accelerates with age, but strength training twice a week slows it dramatically. A physiotherapist's starter routine.",
    },
    {
      title: "Intermittent Fasting Works as Well as Calorie Counting, Trial Finds",
      summary:
        "A year-long trial found similar weight loss with time-restricted eating and traditional diets. Adherence, not timing, made the difference.",
    },
    {
      title: "The Gut Microbiome and Mood: What We Know",
      summary:
        "Studies link gut bacteria to anxiety and depression, but most of the evidence comes from mice. A careful look at the microbiome-brain connection.",
    },
    {
      title: "Meditation Apps: Do They Help?",
      summary:
        "A review of 40 trials found small but real benefits for stress. Meditation worked best when people practised briefly every day.",
    },
    {
      title: "Longevity Research Moves From Worms to People",
      summary:
        "Drugs that extend lifespan in mice are entering human trials. Scientists studying longevity warn against self-experimenting with prescription drugs.",
    },
    {
      title: "Yoga for Runners: Five Poses for Tight Hips",
      summary:
        "Short yoga sessions after runs improved hip mobility in a small study. Pigeon pose and the lizard lunge top the list.",
    },
    {
      title: "Ultra-Processed Foods and Nutrition: The Debate Explained",
      summary:
        "Some studies link ultra-processed foods to weight gain; others say it's about calories and fibre. Nutrition scientists can't even agree on definitions.",
    },
    {
      title: "Trail Running Injuries and How to Avoid Them",
      summary:
        "Ankle sprains and falls dominate trail running injuries. Balance drills and shorter strides on descents help more than expensive shoes.",
    },
    {
      title: "Health Agency Expands Free Vaccines for Adults Over 50",
      summary:
        "Shingles and pneumococcal vaccines will be free for everyone over 50 from next autumn. Public health officials expect take-up to double.",
      story: "vaccines-over-50",
    },
    {
      title: "Blood Test Could Detect Dementia Years Before Symptoms",
      summary:
        "A test measuring tau proteins predicted a dementia diagnosis up to ten years ahead in a large cohort. Doctors say treatments need to catch up.",
    },
    {
      title: "Cancer Research Funding Shifts Toward Early Detection",
      summary:
        "Major charities are moving money from late-stage treatment trials to screening and early detection, where the survival gains are largest.",
    },
    {
      title: "Loneliness Is a Mental Health Emergency, Doctors Say",
      summary:
        "Doctors' groups are calling for social prescribing, from choirs to walking groups, as loneliness rises among young adults and the elderly.",
    },
    {
      title: "The Neuroscience of Habits",
      summary:
        "Habits shift control from deliberate planning to automatic circuits in the brain. Neuroscience explains why changing a routine takes about two months.",
    },
    {
      title: "Sleep and Productivity in the Four-Day Week Trial",
      summary:
        "Workers in a four-day week trial slept more and reported fewer errors. Companies saw stable productivity and lower sick leave.",
    },
    {
      title: "Epidemiology 101: Why Relative Risk Misleads",
      summary:
        "A 50% increase in risk can mean one extra case in ten thousand. How to read health headlines like an epidemiologist.",
    },
    {
      title: "Fuelling Your Long Runs: Carbs Before, During and After",
      summary:
        "Runners who practised fuelling during marathon training hit the wall less often on race day. Sports nutrition guidelines suggest 60 to 90 grams of carbohydrate per hour.",
    },
    {
      title: "The Psychology of Motivation: Why New Year Goals Fail",
      summary:
        "Goals framed as identities ('I am a runner') outlast outcome goals. Psychology research on habit formation offers practical tips.",
    },
    {
      title: "Strength Training Beats Cardio for Bone Health",
      summary:
        "Supervised heavy lifting improved bone density in postmenopausal women with low bone mass, a trial found. Walking alone did not.",
    },
    {
      title: "Yoga and Meditation for Chronic Back Pain",
      summary:
        "Gentle yoga programmes reduced back pain as much as physiotherapy in a large trial, with effects lasting six months.",
    },
    {
      title: "Does Meal Timing Matter? Intermittent Fasting and Sleep",
      summary:
        "Eating the last meal three hours before bed improved sleep quality in a small trial, whether or not people fasted. Intermittent fasting fans may be crediting the wrong habit.",
    },
  ],
};
