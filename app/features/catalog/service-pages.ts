/**
 * Copy of the service landing pages and their Utah location pages (SPEC section 2), kept beside
 * the service definitions so routes stay thin. Every fact names its source (`sources.ts`); claims
 * without a published source are stated qualitatively. No statistics of our own, no testimonials.
 */
import type { ServiceId } from "./services";
import { type Source, type SourceId, sources } from "./sources";

/** A sentence or paragraph, with the publication it rests on when it states a fact. */
export interface Fact {
  text: string;
  source?: SourceId;
}

export interface Card {
  title: string;
  text: string;
  source?: SourceId;
}

export interface Illustration {
  /** path under /images; SVG scales to any width, so one file serves every screen */
  src: string;
  width: number;
  height: number;
  alt: string;
}

export interface LandingPage {
  metaDescription: string;
  heroText: string;
  image: Illustration;
  risksTitle: string;
  risks: Card[];
  processTitle: string;
  /** exactly three steps (SPEC) */
  process: [Card, Card, Card];
  whatIs?: { title: string; paragraphs: Fact[] };
  whyChoose?: { title: string; cards: [Card, Card, Card] };
  closingText: string;
}

export interface LocationPage {
  metaDescription: string;
  heading: string;
  intro: string;
  sections: { title: string; paragraphs: Fact[] }[];
  closingText: string;
}

/** Date the marketing copy last changed (the sitemap's `lastmod`); update it with the copy. */
export const marketingCopyUpdated = "2026-11-24";

export const landingPages: Record<ServiceId, LandingPage> = {
  water_filtration: {
    metaDescription:
      "Drinking water testing and filtration for Utah homes on city water or private wells: hard water, taste, odor and well water safety. Free assessment quote.",
    heroText:
      "Know what is in your tap water, then fix what matters. We test your home's water, explain the results in plain language and install filtration sized to your household, whether you are on city water or a private well.",
    image: {
      src: "/images/water-filtration.svg",
      width: 640,
      height: 480,
      alt: "Illustration of a kitchen tap with a filter cartridge under the sink and a clear glass of water",
    },
    risksTitle: "What your water may be telling you",
    risks: [
      {
        title: "Hard water and scale",
        text: "Hard water carries dissolved calcium and magnesium. It is not a health hazard, but it leaves scale in pipes and water heaters, spots on dishes, and takes more soap to rinse.",
        source: "usgsHardness",
      },
      {
        title: "Untested private wells",
        text: "Public water systems are regulated; a private well is its owner's responsibility. The EPA recommends testing a private well every year for total coliform bacteria, nitrates, total dissolved solids and pH.",
        source: "epaPrivateWells",
      },
      {
        title: "Changes in taste, odor or color",
        text: "A change in how your water tastes, smells or looks is a reason to test it. The cause can be the source, the plumbing or a failing treatment system, and only a test tells which.",
        source: "epaPrivateWells",
      },
    ],
    processTitle: "How it works",
    process: [
      {
        title: "1. Free assessment",
        text: "Tell us your water source and what you notice. We review what is known about your supply and plan the right tests.",
      },
      {
        title: "2. Test and recommend",
        text: "A certified laboratory analyses your water. We walk you through the results and recommend only the treatment your water needs: softening, carbon filtration, reverse osmosis or disinfection.",
      },
      {
        title: "3. Install and maintain",
        text: "We install the system, test the treated water to confirm it works, and remind you when filters are due.",
      },
    ],
    closingText:
      "Request a free water filtration assessment. No account needed, and our team answers emergencies 24/7.",
  },
  mold: {
    metaDescription:
      "Mold inspection and remediation for Utah homes following EPA guidelines: moisture source found and fixed, containment, safe removal. 24/7 emergency service.",
    heroText:
      "Find the moisture, remove the mold, keep it from coming back. We inspect, contain and clean up mold following EPA guidelines, with 24/7 emergency service for floods and leaks.",
    image: {
      src: "/images/mold-remediation.svg",
      width: 640,
      height: 480,
      alt: "Illustration of a technician in protective gear inspecting a damp basement wall with a moisture meter",
    },
    risksTitle: "Why mold needs attention",
    risks: [
      {
        title: "Health effects",
        text: "Molds produce allergens and irritants. People sensitive to mold may have allergic reactions, and mold can trigger asthma attacks in people with asthma.",
        source: "epaMoldGuide",
      },
      {
        title: "Moisture keeps it growing",
        text: "The key to mold control is moisture control. Leaks and condensation must be fixed, and water-damaged areas dried within 24 to 48 hours to prevent mold growth.",
        source: "epaMoldGuide",
      },
      {
        title: "Larger areas need a professional",
        text: "EPA guidance: if the moldy area is less than about 10 square feet (roughly a 3 ft by 3 ft patch), in most cases you can clean it yourself. Larger areas, mold in heating and cooling systems, or damage from sewage or other contaminated water call for a professional.",
        source: "epaMoldGuide",
      },
    ],
    processTitle: "How it works",
    process: [
      {
        title: "1. Inspection",
        text: "We find the mold and the moisture feeding it, measure the affected area and explain what we found before any work starts.",
      },
      {
        title: "2. Containment and removal",
        text: "The work area is sealed off so spores do not spread. Porous materials that cannot be cleaned, such as soaked drywall or carpet, are removed; hard surfaces are cleaned and dried.",
      },
      {
        title: "3. Dry, repair and prevent",
        text: "We fix or help you fix the moisture source and leave you with a plan to keep indoor humidity below 60 percent, ideally between 30 and 50 percent.",
        source: "epaMoldGuide",
      },
    ],
    closingText:
      "Request a free mold inspection. Flood or burst pipe? Our emergency crews answer 24/7.",
  },
  radon: {
    metaDescription:
      "Radon testing and mitigation for Utah homes following EPA guidelines: 48-hour minimum test, the 4 pCi/L action level explained, mitigation systems retested.",
    heroText:
      "Radon is an invisible, odorless radioactive gas that seeps into homes from the ground. We test your home and, when the level is high, install a mitigation system that vents it outside, following EPA guidelines.",
    image: {
      src: "/images/radon-remediation.svg",
      width: 640,
      height: 480,
      alt: "Illustration of a house with a radon mitigation vent pipe and fan drawing gas from beneath the foundation to above the roof",
    },
    risksTitle: "Why test for radon",
    risks: [
      {
        title: "Lung cancer risk",
        text: "Radon is the number one cause of lung cancer among non-smokers, according to EPA estimates, and the second leading cause of lung cancer overall.",
        source: "epaRadonHealth",
      },
      {
        title: "Any home can have it",
        text: "Radon can get into any type of building: new and old homes, well-sealed and drafty homes, homes with or without basements.",
        source: "epaCitizensGuide",
      },
      {
        title: "Only a test tells",
        text: "You cannot see, smell or taste radon. Testing is the only way to know your home's level.",
        source: "epaCitizensGuide",
      },
    ],
    processTitle: "How it works",
    process: [
      {
        title: "1. Test",
        text: "We place a professional test in the lowest lived-in level of your home for a minimum test period of 48 hours, with windows and outside doors kept closed.",
      },
      {
        title: "2. Review the result",
        text: "We explain your result against the EPA action level of 4 pCi/L and recommend a follow-up test or mitigation as the guidance says.",
      },
      {
        title: "3. Mitigate and verify",
        text: "A soil suction system, a vent pipe and fan, draws radon from beneath the house and releases it above the roof. We retest afterwards so you see the new level.",
      },
    ],
    whatIs: {
      title: "What is Radon?",
      paragraphs: [
        {
          text: "Radon is a radioactive gas that comes from the natural breakdown of uranium in soil, rock and water. It enters homes through cracks and openings in the foundation and can build up indoors.",
          source: "epaCitizensGuide",
        },
        {
          text: "The EPA recommends fixing your home if the radon level is 4 picocuries per liter (pCi/L) or higher, and considering a fix between 2 and 4 pCi/L, because radon below 4 pCi/L still poses a risk.",
          source: "epaCitizensGuide",
        },
        {
          text: "The Surgeon General has warned that radon is the second leading cause of lung cancer in the United States; only smoking causes more lung cancer deaths.",
          source: "epaCitizensGuide",
        },
      ],
    },
    whyChoose: {
      title: "Why choose us for radon",
      cards: [
        {
          title: "Tests done to EPA protocol",
          text: "A minimum test period of 48 hours under closed-house conditions, placed where the result means something.",
          source: "epaCitizensGuide",
        },
        {
          title: "Mitigation you can verify",
          text: "Every system we install is followed by a new test, and you get the before and after numbers in writing.",
          source: "epaRadonReduction",
        },
        {
          title: "24/7 service, EPA guidelines",
          text: "Questions about a reading or a fan that stopped? Reach us any time; our work follows EPA guidelines from test to retest.",
        },
      ],
    },
    closingText:
      "Request free radon testing. We schedule the 48-hour test at a time that suits you.",
  },
};

export const utahPages: Record<ServiceId, LocationPage> = {
  water_filtration: {
    metaDescription:
      "Water testing and filtration across Utah: hard water along the Wasatch Front and annual testing for private wells in rural Utah. Free assessment quote.",
    heading: "Water Filtration Remediation in Utah",
    intro:
      "Utah homes draw water from mountain-fed city systems and, outside the cities, from private wells. Each brings its own questions; we help you answer them with a test, not a guess.",
    sections: [
      {
        title: "Hard water along the Wasatch Front",
        paragraphs: [
          {
            text: "USGS water-hardness data show much of Utah in the hard and very hard ranges. The USGS counts water above 120 milligrams per liter of calcium carbonate as hard and above 180 as very hard.",
            source: "usgsHardnessMap",
          },
          {
            text: "Hard water is not a health hazard, but it shortens the life of water heaters and fixtures. Many homeowners in hard-water areas use softeners, which replace calcium and magnesium with sodium; we help you decide whether that suits your household.",
            source: "usgsHardness",
          },
        ],
      },
      {
        title: "Private wells in rural Utah",
        paragraphs: [
          {
            text: "If your home in Cache Valley, Tooele Valley or the Heber Valley runs on a private well, nobody tests that water but you. The EPA recommends testing private wells every year for total coliform bacteria, nitrates, total dissolved solids and pH, and again after flooding or any change in taste, odor or color.",
            source: "epaPrivateWells",
          },
        ],
      },
    ],
    closingText:
      "Request a free water filtration assessment for your Utah home. No account needed.",
  },
  mold: {
    metaDescription:
      "Mold inspection and remediation in Utah: swamp coolers, basements, spring runoff and winter condensation. EPA guidelines, 24/7 emergency service.",
    heading: "Mold Remediation in Utah",
    intro:
      "Utah's climate is dry, yet mold can still grow in a Utah home wherever water collects and stays. Indoors, the moisture comes from evaporative coolers, plumbing leaks and winter condensation; outdoors, snowmelt and sprinkler water can seep into basements.",
    sections: [
      {
        title: "Evaporative (swamp) coolers",
        paragraphs: [
          {
            text: "Evaporative coolers suit dry climates like ours because they cool air by evaporating water into it, which adds moisture to your home.",
            source: "doeEvaporativeCoolers",
          },
          {
            text: "A leaking or poorly maintained cooler, or one left running on humid days, can keep rooms damp. The EPA advises keeping indoor humidity below 60 percent, ideally between 30 and 50 percent.",
            source: "epaMoldGuide",
          },
        ],
      },
      {
        title: "Basements, spring runoff and winter condensation",
        paragraphs: [
          {
            text: "Many Wasatch Front homes have finished basements. Snowmelt, sprinklers and irrigation water against the foundation can seep in behind paneling and carpet where nobody sees it. Water-damaged materials should be dried within 24 to 48 hours to prevent mold growth.",
            source: "epaMoldGuide",
          },
          {
            text: "In cold winters, warm indoor air condenses on windows, cold walls and in attics. Reducing humidity, insulating cold surfaces and venting bathrooms and kitchens to the outside keeps condensation from turning into mold.",
            source: "epaMoldGuide",
          },
        ],
      },
    ],
    closingText:
      "Request a free mold inspection anywhere in our Utah service area. Emergencies: 24/7.",
  },
  radon: {
    metaDescription:
      "Radon testing and mitigation in Utah: Utah DEQ radon program, Utah Geological Survey radon maps, the 4 pCi/L action level and a 48-hour minimum test.",
    heading: "Radon Remediation in Utah",
    intro:
      "Radon is a real concern in Utah. The state's own radon program and geologists have studied it for decades, and the advice is the same everywhere: test your home.",
    sections: [
      {
        title: "Utah's radon situation",
        paragraphs: [
          {
            text: "The Utah Department of Environmental Quality names naturally occurring uranium in the geology of the Rocky Mountains as the prevailing source of radon in most of Utah. Surveys indicate that about 30 percent of Utah homes may be above the EPA action level of 4 pCi/L.",
            source: "utahDeqRadonRealEstate",
          },
          {
            text: "The DEQ's radon program offers low-cost test kits to Utah residents and publishes test results by ZIP code, and radon appears on the Buyer Due Diligence Checklist used in Utah home sales.",
            source: "utahDeqRadonReport",
          },
        ],
      },
      {
        title: "Radon maps are a guide, not a test",
        paragraphs: [
          {
            text: "The Utah Geological Survey's radon-hazard-potential map rates areas of the state by uranium in the soil, soil permeability and depth to groundwater.",
            source: "ugsRadonMap",
          },
          {
            text: "A Utah Geological Survey study found average indoor radon of 3.8 pCi/L on the east bench of Sandy near Little Cottonwood Canyon and 2.9 pCi/L on the east bench of Provo, and cautions that measurements in nearby homes cannot predict the level in an untested one.",
            source: "ugsSandyProvo",
          },
          {
            text: "Whatever your area's rating, only a test of your own home tells you its level. We test for a minimum of 48 hours and, where the result calls for it, install and retest a mitigation system.",
            source: "epaCitizensGuide",
          },
        ],
      },
    ],
    closingText: "Request free radon testing for your Utah home. No account needed.",
  },
};

/** The sources a page cites, in order of first use, without repeats. */
function citedSources(cards: ReadonlyArray<{ source?: SourceId }>): SourceId[] {
  return [...new Set(cards.flatMap((c) => (c.source ? [c.source] : [])))];
}

/**
 * The publications cited by `cards`, by id, in the order first cited: what a page's loader sends
 * with its copy (the copy and the sources reach the browser as loader data, not as JavaScript).
 */
export function citedSourceMap(
  cards: ReadonlyArray<{ source?: SourceId }>,
): Partial<Record<SourceId, Source>> {
  return Object.fromEntries(citedSources(cards).map((id) => [id, sources[id]]));
}
