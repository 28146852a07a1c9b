import type { DemoSourceData } from "../types.ts";

export const pastTense: DemoSourceData = {
  id: "past-tense",
  name: "Past Tense",
  type: "rss",
  subject: "History",
  siteUrl: "https://past-tense.example",
  description: "History, archaeology and the stories behind the objects.",
  authors: ["Miriam Hale", "Tobias Grant"],
  entries: [
    {
      title: "Archaeology Team Uncovers Roman Villa Under Farm Field",
      summary:
        "Geophysical surveys revealed mosaics and a bathhouse beneath a farm in the Cotswolds, one of the largest villas found on Ancient Rome's northern frontier.",
    },
    {
      title: "How Ancient Egypt Kept Its Grain Accounts",
      summary:
        "Papyri from a temple archive show scribes tracking harvests, loans and rations with surprising precision. An early lesson in bureaucracy.",
    },
    {
      title: "Medieval History Beyond Kings: The Lives of Village Women",
      summary:
        "Manor court rolls reveal women brewing ale, lending money and suing neighbours. A new study of the medieval past from the bottom up.",
    },
    {
      title: "The Codebreakers of World War II Who Were Never Thanked",
      summary:
        "Thousands of women worked in signals intelligence during World War II and kept silent for decades. Their oral histories are now being recorded.",
    },
    {
      title: "Cold War Bunkers Open to the Public",
      summary:
        "A network of government bunkers built in the 1950s will open for tours. Visitors can see the studio meant to address the nation after a nuclear strike.",
    },
    {
      title: "The Industrial Revolution Was Powered by Children",
      summary:
        "Factory records show that up to a third of mill workers were under 14. Historians revisit how the Industrial Revolution depended on child labour.",
    },
    {
      title: "Maritime History: The Ships That Raced the Tea Home",
      summary:
        "Clipper ships raced to bring the new season's tea from China to London. The fastest could make the voyage in under 100 days.",
    },
    {
      title: "The Renaissance Workshop as a Start-Up",
      summary:
        "Painters' workshops in the Renaissance ran like small firms, with apprentices, contracts and brand management. The contracts reveal who really painted what.",
    },
    {
      title: "Silk Road Cities Were Cosmopolitan Long Before Marco Polo",
      summary:
        "Excavations at Central Asian trading posts reveal temples of four religions within a few streets. Trade on the Silk Road moved ideas as well as goods.",
    },
    {
      title: "Museums Agree to Return Looted Bronzes",
      summary:
        "Several European museums have agreed to return bronzes taken during colonial raids. Curators say loans back to the museums may follow.",
    },
    {
      title: "Dinosaur Footprints Exposed by Summer Drought",
      summary:
        "Falling river levels revealed tracks laid down 113 million years ago. Paleontology teams raced to record them before the water returned.",
    },
    {
      title: "Shipwreck Reveals Details of 17th-Century Trade",
      summary:
        "A Dutch merchant ship found in the Baltic is so well preserved that its cargo of spices and cloth is still stacked in the hold. Maritime history rarely gets clearer evidence.",
    },
    {
      title: "Gladiators Ate Mostly Vegetables, Bone Analysis Shows",
      summary:
        "Chemical analysis of bones from a gladiator cemetery suggests a diet of barley and beans. Ancient Rome's fighters may have been deliberately fattened for protection.",
    },
    {
      title: "The Cold War Space Race, Told Through Letters",
      summary:
        "Correspondence between rival engineers, released decades later, shows grudging mutual respect. A new archive sheds light on the most public contest in space exploration.",
    },
    {
      title: "Monks Recorded Volcanic Eruptions Without Knowing It",
      summary:
        "Reports of dark moons and failed harvests in monastic chronicles line up with distant volcanoes identified in ice cores, a new tool for medieval history.",
    },
    {
      title: "Pyramid Builders' Town Reveals Their Diet and Medicine",
      summary:
        "Excavations near Giza show workers ate beef and had broken bones set by physicians. Ancient Egypt's builders were skilled labourers, not slaves.",
    },
    {
      title: "What the Industrial Revolution Did to Our Sleep",
      summary:
        "Before factory clocks, many people slept in two shifts. Historians trace how industrial work schedules invented the single night's sleep.",
    },
    {
      title: "Renaissance Recipes Recreated",
      summary:
        "A historian cooked her way through a 16th-century Italian cookbook. Sugar was everywhere, and pasta was boiled for half an hour.",
    },
    {
      title: "Archaeology Goes Airborne: Lidar Maps Lost Cities",
      summary:
        "Laser scans through the forest canopy have revealed sprawling settlements in the Amazon. Archaeology in the region may need rewriting.",
    },
    {
      title: "World War II Letters Digitised by Volunteers",
      summary:
        "Thousands of letters between soldiers and their families are being transcribed online. The citizen science style project has already turned up unknown accounts of the Blitz.",
    },
  ],
};
