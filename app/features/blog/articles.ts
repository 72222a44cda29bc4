/**
 * The articles an empty database starts with (docs/decisions/0093-starter-articles.md). Facts are
 * taken from the publications each article names in its Sources list; where a figure was not
 * certain it is stated qualitatively. Featured images are the SVGs in public/blog/images (drawn
 * here).
 */

export interface SeedCategory {
  slug: string;
  name: string;
  description: string;
}

export const seedCategories: SeedCategory[] = [
  {
    slug: "radon",
    name: "Radon",
    description:
      "Radon testing and mitigation in Utah homes: what the EPA's action level means and how to lower it.",
  },
  {
    slug: "mold",
    name: "Mold",
    description:
      "Preventing, finding and cleaning up mold after leaks, floods and Utah's swamp-cooler summers.",
  },
  {
    slug: "water-quality",
    name: "Water Quality",
    description:
      "Drinking water in Utah homes: private wells, hard water, testing and treatment that fits the problem.",
  },
];

export interface SeedArticle {
  slug: string;
  title: string;
  excerpt: string;
  meta_description: string;
  featured_image: string;
  /** category slugs */
  categories: string[];
  tags: string[];
  /** days before the first start, so the newest article is featured first */
  daysAgo: number;
  content: string;
  sources: { title: string; publisher: string; url: string }[];
}

/** The "Sources" section appended to every seeded article. */
export function sourcesHtml(sources: SeedArticle["sources"]): string {
  const items = sources
    .map((s) => `<li>${s.publisher}, <a href="${s.url}">${s.title}</a></li>`)
    .join("");
  return `<h2>Sources</h2><ul>${items}</ul>`;
}

export const seedArticles: SeedArticle[] = [
  {
    slug: "radon-in-utah-homes-epa-action-level",
    title: "Radon in Utah Homes: What the EPA's 4 pCi/L Action Level Means",
    excerpt:
      "Radon is an invisible, odorless gas that comes from uranium in soil and rock, and Utah's geology makes it a real concern. Here is what the EPA's action level means and what to do about a high result.",
    meta_description:
      "Why radon matters in Utah, what the EPA's 4 pCi/L action level means, and how homes with high radon are fixed.",
    featured_image: "/blog/images/radon-utah-homes.svg",
    categories: ["radon"],
    tags: ["Radon Testing", "Health", "Utah", "EPA Guidelines"],
    daysAgo: 2,
    content: `
<p>Radon is a radioactive gas that forms when uranium in soil and rock breaks down. You cannot see, smell or taste it. Outdoors it thins out in the air, but it can seep into a house through cracks in the foundation, gaps around pipes, sump pits and crawl spaces, and build up indoors.</p>
<h2>Why Utah homeowners should pay attention</h2>
<p>The Utah Department of Environmental Quality (DEQ) explains that the main source of radon in most of Utah is naturally occurring uranium in the geology of the Rocky Mountains, and that surveys indicate roughly 30% of Utah homes may be above the EPA's action level. Elevated levels turn up in new and old homes, with or without basements, and two houses on the same street can test very differently. The only way to know your home's level is to test it.</p>
<h2>Why radon is a health concern</h2>
<p>According to the U.S. Environmental Protection Agency (EPA), radon is the number one cause of lung cancer among people who have never smoked and the second leading cause of lung cancer overall. The risk grows with the level and with how long you breathe it, and it is much higher for people who smoke.</p>
<h2>What 4 pCi/L means</h2>
<p>Radon in air is measured in picocuries per liter (pCi/L). The EPA recommends fixing your home if the radon level is <strong>4 pCi/L or higher</strong>. That number is an action level, not a safe level: the EPA also says there is no known safe level of radon and suggests that homeowners consider fixing their home when levels are between 2 and 4 pCi/L.</p>
<ul>
<li><strong>Below 2 pCi/L:</strong> no action recommended; retest after major renovations or changes to your heating and cooling.</li>
<li><strong>2 to 4 pCi/L:</strong> consider mitigation, especially if someone in the home smokes or spends long hours in the lowest level.</li>
<li><strong>4 pCi/L or higher:</strong> confirm with a follow-up test, then fix the home.</li>
</ul>
<h2>How high radon is fixed</h2>
<p>The most common fix in homes with a basement or slab foundation is <em>sub-slab depressurization</em>: a pipe through the slab and a quiet fan draw radon from beneath the house and vent it above the roof line. Sealing cracks helps but, as the EPA notes, sealing alone has not been shown to lower radon significantly or consistently. A qualified, certified mitigation contractor should design and install the system, and the home should be tested again afterwards to confirm the result.</p>
<blockquote>Testing is inexpensive and quick. If your home has never been tested, start there: the result tells you whether you need to do anything at all.</blockquote>
`,
    sources: [
      {
        publisher: "U.S. EPA",
        title: "A Citizen's Guide to Radon",
        url: "https://www.epa.gov/radon/citizens-guide-radon-guide-protecting-yourself-and-your-family-radon",
      },
      {
        publisher: "U.S. EPA",
        title: "Health Risk of Radon",
        url: "https://www.epa.gov/radon/health-risk-radon",
      },
      {
        publisher: "Utah Department of Environmental Quality",
        title: "Real Estate Transactions in Utah (radon)",
        url: "https://deq.utah.gov/waste-management-and-radiation-control/real-estate-transactions-utah",
      },
      {
        publisher: "Utah Radon Program",
        title: "Utah Radon Program",
        url: "https://radon.utah.gov/",
      },
    ],
  },
  {
    slug: "short-term-vs-long-term-radon-tests",
    title: "Short-Term vs. Long-Term Radon Tests (and Why 48 Hours Is the Minimum)",
    excerpt:
      "A short-term radon test gives a quick first answer; a long-term test shows your home's year-round average. Here is how to choose, how to test correctly, and what to do with the result.",
    meta_description:
      "How short-term and long-term radon tests differ, why a test runs at least 48 hours, and how to read the result against the EPA's 4 pCi/L action level.",
    featured_image: "/blog/images/radon-test-kit.svg",
    categories: ["radon"],
    tags: ["Radon Testing", "DIY Testing", "EPA Guidelines"],
    daysAgo: 9,
    content: `
<p>Radon levels rise and fall from day to day and season to season with the weather, the wind and how a house is heated and ventilated. That is why the length of a radon test matters, and why the EPA describes two kinds of test.</p>
<h2>Short-term tests: a quick first look</h2>
<p>Short-term tests stay in the home for <strong>2 to 90 days</strong>, depending on the device. Charcoal canisters, alpha-track and electret detectors and continuous monitors are all used this way. A short-term test must run for <strong>at least 48 hours</strong>: anything shorter does not even out the normal swings in radon and cannot be compared with the EPA's action level. Because a short-term result is a snapshot, the EPA recommends confirming any high result before deciding on mitigation.</p>
<h2>Long-term tests: the year-round picture</h2>
<p>Long-term tests stay in the home for <strong>more than 90 days</strong>. They are more likely than a short-term test to tell you your home's year-round average, which is what your long-term health risk depends on.</p>
<h2>How to test correctly</h2>
<ul>
<li>Test in the lowest level of the home that is lived in or could be (a finished basement counts), in a room used regularly, but not a kitchen, bathroom or laundry room.</li>
<li>Place the device at least 20 inches above the floor, away from drafts, exterior walls, heat and humidity.</li>
<li>For tests shorter than a few days, keep windows and outside doors closed (except for normal coming and going) starting 12 hours before the test and throughout it. Don't run fans that bring in outside air; normal heating and air conditioning may run.</li>
<li>Don't test during severe storms or periods of unusually high wind.</li>
<li>Follow the kit's instructions, note the start and end times, and send it to the laboratory promptly.</li>
</ul>
<h2>Reading the result</h2>
<p>The EPA's suggested path: if a first short-term test shows <strong>4 pCi/L or higher</strong>, take a follow-up test. A long-term follow-up gives a better idea of the yearly average; a second short-term test gives a faster answer. Fix the home if the long-term result is 4 pCi/L or more, or if the average of the two short-term results is 4 pCi/L or more. For a home sale, the EPA's Home Buyer's and Seller's Guide describes short-term testing options that fit a real estate timeline.</p>
<p>Utah residents can order low-cost test kits through the Utah Radon Program, and kits labeled as meeting EPA requirements are sold at home improvement stores.</p>
`,
    sources: [
      {
        publisher: "U.S. EPA",
        title: "A Citizen's Guide to Radon",
        url: "https://www.epa.gov/radon/citizens-guide-radon-guide-protecting-yourself-and-your-family-radon",
      },
      {
        publisher: "U.S. EPA",
        title: "Home Buyer's and Seller's Guide to Radon",
        url: "https://www.epa.gov/radon/home-buyers-and-sellers-guide-radon",
      },
      {
        publisher: "Utah Radon Program",
        title: "Utah Radon Program",
        url: "https://radon.utah.gov/",
      },
    ],
  },
  {
    slug: "mold-after-water-damage-and-swamp-coolers",
    title: "Mold After Water Damage and Swamp Coolers: Preventing It in a Dry Climate",
    excerpt:
      "Utah's dry air doesn't make a home immune to mold. A burst pipe, a slow leak or a poorly kept swamp cooler gives mold the moisture it needs. Here is how to dry out fast and keep it from coming back.",
    meta_description:
      "How to stop mold after a leak or flood, why drying within 24 to 48 hours matters, and how to run and maintain an evaporative (swamp) cooler without moisture problems.",
    featured_image: "/blog/images/mold-water-damage.svg",
    categories: ["mold"],
    tags: ["Water Damage", "Swamp Coolers", "Mold Prevention", "Indoor Humidity"],
    daysAgo: 16,
    content: `
<p>Mold spores are everywhere, indoors and out. They only become a problem where they find moisture, so the EPA's advice is simple: <strong>the key to mold control is moisture control.</strong> In Utah, most indoor mold starts with a leak, a flood, condensation or an evaporative cooler that adds more humidity than the house can handle.</p>
<h2>After a leak or flood: the 24 to 48 hour window</h2>
<p>The EPA recommends cleaning up and drying water-damaged areas and items <strong>within 24 to 48 hours</strong> to prevent mold growth.</p>
<ul>
<li>Stop the source of water first: shut off the supply, fix the pipe or roof, divert the runoff.</li>
<li>Remove standing water, then dry with fans, dehumidifiers and, when the air outside is dry, open windows.</li>
<li>Pull up wet carpet and padding; they are hard to dry in place. Wet drywall, insulation and ceiling tiles that cannot be dried quickly may need to be removed.</li>
<li>Water from a sewer backup or floodwater is contaminated: treat it as a job for professionals.</li>
</ul>
<h2>Swamp coolers: great in a dry climate, if they are kept up</h2>
<p>Evaporative (swamp) coolers cool by adding water vapor to the air, which works well in Utah's dry summers. The same moisture can feed mold when the cooler or the house is not managed:</p>
<ul>
<li><strong>Give the air a way out.</strong> An evaporative cooler needs a partly open window or a relief vent. In a closed house, humid air builds up and condenses in cool corners and closets.</li>
<li><strong>Keep the unit clean.</strong> Follow the maker's schedule to clean or replace the pads and to drain and clean the water reservoir; a stagnant reservoir grows microbes.</li>
<li><strong>Watch for leaks.</strong> Check the ceiling and walls around the cooler's duct and the roof where it sits for stains.</li>
<li><strong>Winterize it.</strong> Drain the water lines and cover or close the cooler for the cold months so it cannot leak or let warm, moist indoor air condense in the ducts.</li>
</ul>
<h2>Keep indoor humidity in range</h2>
<p>The EPA recommends keeping indoor relative humidity below 60 percent, ideally between 30 and 50 percent. An inexpensive hygrometer tells you where you are. Run bathroom and kitchen exhaust fans, vent clothes dryers outside, and insulate cold water pipes that sweat.</p>
<h2>Signs that moisture is winning</h2>
<p>A musty smell, peeling paint, warped baseboards, or dark spots on drywall, grout or window frames all deserve a closer look. The CDC advises that people with asthma, allergies or weakened immune systems are more likely to be affected by mold and should avoid clean-up work themselves.</p>
`,
    sources: [
      {
        publisher: "U.S. EPA",
        title: "A Brief Guide to Mold, Moisture and Your Home",
        url: "https://www.epa.gov/mold/brief-guide-mold-moisture-and-your-home",
      },
      {
        publisher: "U.S. EPA",
        title: "Mold Cleanup in Your Home",
        url: "https://www.epa.gov/mold/mold-cleanup-your-home",
      },
      {
        publisher: "U.S. CDC",
        title: "Mold: Your Health",
        url: "https://www.cdc.gov/mold-health/",
      },
    ],
  },
  {
    slug: "testing-a-private-well-in-utah",
    title: "Testing a Private Well in Utah: What, When and How",
    excerpt:
      "No agency tests a private well for you. Here is what the EPA recommends testing every year, the extra tests that matter in parts of Utah, and when to test right away.",
    meta_description:
      "A private well owner's guide to water testing in Utah: annual tests for bacteria, nitrate, TDS and pH, arsenic and other local concerns, and when to retest.",
    featured_image: "/blog/images/private-well-testing.svg",
    categories: ["water-quality"],
    tags: ["Private Wells", "Water Testing", "Utah", "Arsenic"],
    daysAgo: 23,
    content: `
<p>If your home is on a public water system, the utility tests the water and must meet federal and state standards. A private well is different: as the EPA explains, the EPA does not regulate private wells, and <strong>the owner is responsible for making sure the water is safe</strong>. Testing is the only way to know.</p>
<h2>Test every year</h2>
<p>The EPA recommends testing a private well every year for:</p>
<ul>
<li><strong>Total coliform bacteria</strong>, a sign that surface water or waste may be reaching the well;</li>
<li><strong>Nitrates</strong>, from fertilizer, manure and septic systems; high nitrate is especially dangerous for infants;</li>
<li><strong>Total dissolved solids (TDS)</strong> and <strong>pH</strong>, general indicators of water quality and corrosiveness.</li>
</ul>
<p>Check the well itself each spring too: the cap should be tight, the casing intact, and the ground should slope away from the wellhead.</p>
<h2>Tests that matter in parts of Utah</h2>
<p>Much of Utah's groundwater flows through mineral-rich rock and basin sediments. The U.S. Geological Survey (USGS) reports that arsenic occurs naturally in groundwater in many parts of the western United States, and it cannot be seen, smelled or tasted. Ask a certified laboratory or your local health department which additional tests make sense where you live; common ones are <strong>arsenic</strong>, <strong>uranium</strong>, <strong>fluoride</strong>, <strong>hardness</strong>, <strong>iron and manganese</strong>, and <strong>sulfate</strong>. For comparison, the EPA's limit for arsenic in public drinking water is 10 parts per billion, and for nitrate 10 milligrams per liter (as nitrogen).</p>
<h2>Test right away when</h2>
<ul>
<li>the well has flooded, or the land nearby has been disturbed;</li>
<li>the taste, color or smell of the water changes;</li>
<li>the well, pump or plumbing has been repaired or replaced;</li>
<li>someone in the home is pregnant or there is a new baby;</li>
<li>people in the home have repeated unexplained stomach illness.</li>
</ul>
<h2>How to get a reliable result</h2>
<p>Use a laboratory certified for drinking water testing, and use the sample bottles and instructions it provides: bacteria samples in particular must be collected in a sterile bottle and reach the lab quickly. Keep your results from year to year so you can spot changes.</p>
<h2>If a test comes back high</h2>
<p>The right treatment depends on the contaminant: disinfection and a well inspection for bacteria, reverse osmosis or anion exchange for nitrate, and specific systems for arsenic or uranium. Retest after installing any treatment to confirm it works.</p>
`,
    sources: [
      {
        publisher: "U.S. EPA",
        title: "Private Drinking Water Wells",
        url: "https://www.epa.gov/privatewells",
      },
      {
        publisher: "U.S. EPA",
        title: "Protect Your Home's Water",
        url: "https://www.epa.gov/privatewells/protect-your-homes-water",
      },
      {
        publisher: "U.S. Geological Survey",
        title: "Arsenic and Drinking Water",
        url: "https://www.usgs.gov/mission-areas/water-resources/science/arsenic-and-drinking-water",
      },
    ],
  },
  {
    slug: "hard-water-in-utah",
    title: "Hard Water in Utah: Scale, Soap Scum and What Actually Helps",
    excerpt:
      "White crust on faucets, spotty dishes and a water heater that rumbles are the calling cards of hard water. It isn't a health risk, but it costs you in appliances and soap. Here is how to measure it and treat it.",
    meta_description:
      "What water hardness is, how the USGS classifies it, why it matters for plumbing and appliances, and how softeners, conditioners and reverse osmosis compare.",
    featured_image: "/blog/images/hard-water-scale.svg",
    categories: ["water-quality"],
    tags: ["Hard Water", "Water Softeners", "Water Testing"],
    daysAgo: 30,
    content: `
<p>Water picks up calcium and magnesium as it moves through limestone and other rock. The more it carries, the "harder" it is. Many Utah communities and wells have hard to very hard water.</p>
<h2>How hardness is measured</h2>
<p>Hardness is reported as milligrams per liter (mg/L) of calcium carbonate, or in grains per gallon (one grain per gallon is about 17.1 mg/L). The USGS uses this scale:</p>
<table>
<thead><tr><th scope="col">Hardness (mg/L as calcium carbonate)</th><th scope="col">Classification</th></tr></thead>
<tbody>
<tr><td>0 to 60</td><td>Soft</td></tr>
<tr><td>61 to 120</td><td>Moderately hard</td></tr>
<tr><td>121 to 180</td><td>Hard</td></tr>
<tr><td>More than 180</td><td>Very hard</td></tr>
</tbody>
</table>
<p>On city water, your utility's annual water quality report usually lists hardness. On a well, a laboratory test or a simple test strip will tell you.</p>
<h2>Is hard water harmful?</h2>
<p>According to the USGS, hard water is not a health risk; it is a nuisance. The costs show up elsewhere: scale builds up inside water heaters, pipes and appliances, soap and detergent lather poorly and leave scum, and dishes and glass come out spotted.</p>
<h2>Treatment options</h2>
<ul>
<li><strong>Ion-exchange water softeners</strong> swap calcium and magnesium for sodium (or potassium). They are the proven way to remove hardness for the whole house. They add some sodium to the water, so many homeowners keep one unsoftened tap for drinking and cooking, or use potassium chloride instead of salt.</li>
<li><strong>Reverse osmosis</strong> at the kitchen sink removes hardness minerals along with many other dissolved substances, which makes it a good partner to a softener for drinking water.</li>
<li><strong>Salt-free "conditioners"</strong> do not remove hardness minerals; some types are designed to reduce scale formation. Ask for independent certification data before buying.</li>
</ul>
<h2>Test before you treat</h2>
<p>Hardness is only one measure. If you are on a well, test for bacteria, nitrate and other contaminants too, so the system you buy solves the problems you actually have.</p>
`,
    sources: [
      {
        publisher: "U.S. Geological Survey",
        title: "Hardness of Water",
        url: "https://www.usgs.gov/special-topics/water-science-school/science/hardness-water",
      },
      {
        publisher: "U.S. EPA",
        title: "Private Drinking Water Wells",
        url: "https://www.epa.gov/privatewells",
      },
    ],
  },
  {
    slug: "when-mold-cleanup-needs-a-professional",
    title: "When Does Mold Clean-Up Need a Professional? The EPA's 10 Square Foot Rule of Thumb",
    excerpt:
      "A small patch of mold on a bathroom wall is usually a do-it-yourself job. Larger areas, hidden mold, contaminated water or mold in the heating and cooling system are not. Here is where the line is.",
    meta_description:
      "The EPA's guidance on when you can clean up mold yourself (about 10 square feet or less) and when to call a professional, plus how to clean small areas safely.",
    featured_image: "/blog/images/mold-cleanup-professional.svg",
    categories: ["mold"],
    tags: ["Mold Removal", "Mold Prevention", "EPA Guidelines", "Health"],
    daysAgo: 37,
    content: `
<p>Whether you can handle mold yourself depends mostly on how much there is, where it is, and what caused it. The EPA gives a practical rule of thumb.</p>
<h2>The 10 square foot rule of thumb</h2>
<p>The EPA says that if the moldy area is <strong>less than about 10 square feet</strong>, in most cases you can handle the job yourself. That is roughly a 3 foot by 3 foot patch. Whatever the size, the moisture problem that caused it must be fixed, or the mold will come back.</p>
<h2>Call a professional when</h2>
<ul>
<li>the mold covers more than about 10 square feet, or there has been a lot of water damage;</li>
<li>you suspect mold in the heating, ventilation or air conditioning system: the EPA advises not running the system if you know or suspect it is contaminated, because it can spread mold through the house;</li>
<li>the water damage came from sewage or other contaminated water;</li>
<li>mold is hidden in walls, under floors or above ceilings (a persistent musty smell with no visible source is a clue);</li>
<li>you or someone in the home has asthma, allergies, a weakened immune system or other health concerns, in which case the CDC and EPA advise talking to a doctor and leaving the work to others.</li>
</ul>
<p>A professional should follow the EPA's remediation guidelines or those of another professional organization, contain the work area, and find and fix the moisture source.</p>
<h2>Cleaning a small area safely</h2>
<ul>
<li>Wear an N-95 respirator, gloves and goggles without ventilation holes.</li>
<li>Scrub mold off hard surfaces with detergent and water, then dry them completely.</li>
<li>Absorbent or porous materials such as ceiling tiles and carpet may have to be thrown away if they become moldy.</li>
<li>Never mix bleach with ammonia or other cleaners: the fumes are toxic.</li>
<li>Don't paint or caulk over mold; paint peels over mold that is still there.</li>
</ul>
<h2>Testing</h2>
<p>The EPA notes that if mold is visible, sampling is usually unnecessary: it needs to be removed either way. Sampling can help when looking for hidden mold, and should be done by experienced professionals.</p>
`,
    sources: [
      {
        publisher: "U.S. EPA",
        title: "A Brief Guide to Mold, Moisture and Your Home",
        url: "https://www.epa.gov/mold/brief-guide-mold-moisture-and-your-home",
      },
      {
        publisher: "U.S. EPA",
        title: "Mold Remediation in Schools and Commercial Buildings Guide",
        url: "https://www.epa.gov/mold/mold-remediation-schools-and-commercial-buildings-guide",
      },
      {
        publisher: "U.S. CDC",
        title: "Mold: Your Health",
        url: "https://www.cdc.gov/mold-health/",
      },
    ],
  },
];
