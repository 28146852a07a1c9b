import type { DemoSourceData } from "../types.ts";

export const marginaliaReview: DemoSourceData = {
  id: "marginalia-review",
  name: "Marginalia Review",
  type: "rss",
  subject: "Books",
  siteUrl: "https://marginalia-review.example",
  description: "Books, writers and the business of reading.",
  authors: ["Clara Benn", "Rafael Ortiz"],
  linkStyle: "blog",
  entries: [
    {
      title: "The Best Literary Fiction of the Season",
      summary:
        "Quiet novels about families, migration and work dominate this autumn's list. Our critics pick twelve books worth your evenings.",
    },
    {
      title: "Why Fantasy Novels Keep Getting Longer",
      summary:
        "Page counts of bestselling fantasy novels have risen by a third in twenty years. Editors blame series economics; readers don't seem to mind.",
    },
    {
      title: "Graphic Novels Are Winning Literary Prizes. Good.",
      summary:
        "A graphic memoir took a major non-fiction prize this week. Comics have long deserved the same critical attention as prose.",
    },
    {
      title: "Nordic Noir's Long Shadow Over Crime Fiction",
      summary:
        "Two decades after the Scandinavian boom, crime fiction everywhere still borrows its bleak landscapes and troubled detectives. Is the formula exhausted?",
    },
    {
      title: "Translation Prize Shortlist Puts Small Presses in the Spotlight",
      summary:
        "Five of the six shortlisted books come from independent publishers. Translators say recognition still rarely reaches their fees.",
    },
    {
      title: "The Memoir Boom and Its Discontents",
      summary:
        "Memoir is publishing's most reliable genre. Critics ask whether the push for personal trauma narratives serves writers or just sales.",
    },
    {
      title: "Poetry Sales Hit a Ten-Year High",
      summary:
        "Young readers discovering poems on social media are driving record sales. Publishers are signing poets with big online followings.",
    },
    {
      title: "Libraries Lend More E-Books Than Ever, and Pay Dearly",
      summary:
        "Licences for library e-books cost several times the consumer price and expire after two years. Librarians are lobbying for fairer terms.",
    },
    {
      title: "Science Fiction That Predicted the Present",
      summary:
        "Novels from the 1970s imagined surveillance advertising, climate migration and video calls. We revisit five that aged uncannily well.",
    },
    {
      title: "A Philosophy Book for People Who Hate Philosophy Books",
      summary:
        "This short introduction to ethics uses everyday dilemmas instead of trolley problems. It reads like a conversation rather than a lecture.",
    },
    {
      title: "Staging the Unstageable: Novels Adapted for Theatre",
      summary:
        "A six-hour theatre adaptation of a sprawling family saga has sold out its run. The directors explain what they cut and why.",
    },
    {
      title: "Learning a Language Through Novels",
      summary:
        "Reading in a second language is slower but stickier than drills. Teachers of language learning recommend graded readers first, then short novels with a glossary.",
    },
    {
      title: "The Court Reporter Who Became a Novelist",
      summary:
        "After twenty years in court journalism, she turned to crime fiction. Her first novel draws on trials she covered, with the names changed.",
    },
    {
      title: "Publishing's Quiet AI Problem",
      summary:
        "Publishers are finding machine-written submissions in slush piles and knock-off summaries of new books on marketplaces. Authors want clearer labelling.",
    },
    {
      title: "Fantasy Novels Built on Real History",
      summary:
        "The best historical fantasy grounds its magic in a real time and place. Five novels set in Ancient Rome, Tang China and Renaissance Venice.",
    },
    {
      title: "Translating Humour Is the Hardest Job in Books",
      summary:
        "Puns, dialect and timing rarely survive translation intact. Three translators explain their favourite compromises.",
    },
    {
      title: "Audiobooks vs Print: Do We Remember Them Differently?",
      summary:
        "Comprehension studies find little difference for narrative books, but readers retain more from print for dense non-fiction. Psychology offers some reasons why.",
    },
    {
      title: "Why Graphic Novels Belong in School Libraries",
      summary:
        "Librarians say graphic novels draw reluctant readers in, and circulation figures back them up. Some parents' groups are pushing back.",
    },
    {
      title: "Literary Fiction Debuts Are Getting Older",
      summary:
        "The average age of a debut literary fiction author is now over 40. Agents say life experience sells, and graduates of writing programmes take longer to break through.",
    },
    {
      title: "Science Fiction Writers on Writing About AI",
      summary:
        "Four authors on how to write believable machine minds now that everyone has used a chatbot. Spoiler: less omniscience, more mistakes.",
    },
    {
      title: "Why Philosophy Is Having a Moment With Undergraduates",
      summary:
        "Enrolment in philosophy courses is rising for the first time in a decade, driven by ethics of technology modules. Departments that were closing are hiring again.",
    },
  ],
};
