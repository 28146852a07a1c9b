import type { DemoSourceData } from "../types.ts";
import { benchAndBolt } from "./bench-and-bolt.ts";
import { civicDesk } from "./civic-desk.ts";
import { copperKettle } from "./copper-kettle.ts";
import { devonOkafor } from "./devon-okafor.ts";
import { fieldLab } from "./field-lab.ts";
import { frameRate } from "./frame-rate.ts";
import { greenfieldAlmanac } from "./greenfield-almanac.ts";
import { harborLedger } from "./harbor-ledger.ts";
import { inesCastillo } from "./ines-castillo.ts";
import { kerningClub } from "./kerning-club.ts";
import { latticeLabs } from "./lattice-labs.ts";
import { lenaHartmann } from "./lena-hartmann.ts";
import { longitudeWeekly } from "./longitude-weekly.ts";
import { lowGearRides } from "./low-gear-rides.ts";
import { maraQuinn } from "./mara-quinn.ts";
import { marginaliaReview } from "./marginalia-review.ts";
import { northwindMl } from "./northwind-ml.ts";
import { orbitalNotes } from "./orbital-notes.ts";
import { pastTense } from "./past-tense.ts";
import { pitchsideDaily } from "./pitchside-daily.ts";
import { pulseAndPace } from "./pulse-and-pace.ts";
import { samWhitlock } from "./sam-whitlock.ts";
import { sideQuest } from "./side-quest.ts";
import { slowOven } from "./slow-oven.ts";
import { tapeHiss } from "./tape-hiss.ts";
import { theoPark } from "./theo-park.ts";

/** Every demo source, in catalogue order. The order is part of the publication schedule. */
export const SOURCE_DATA: readonly DemoSourceData[] = [
  // RSS 2.0
  northwindMl,
  harborLedger,
  greenfieldAlmanac,
  copperKettle,
  longitudeWeekly,
  civicDesk,
  pitchsideDaily,
  marginaliaReview,
  pastTense,
  // Atom
  latticeLabs,
  orbitalNotes,
  kerningClub,
  pulseAndPace,
  frameRate,
  sideQuest,
  // YouTube-style channels
  benchAndBolt,
  lowGearRides,
  tapeHiss,
  fieldLab,
  slowOven,
  // Bluesky-style profiles
  maraQuinn,
  devonOkafor,
  lenaHartmann,
  theoPark,
  inesCastillo,
  samWhitlock,
];
