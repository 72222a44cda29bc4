/**
 * The publications our service pages cite, defined once. Every factual claim on a public page
 * names one of these, on the page (docs/decisions/0057-service-page-copy-and-sources.md). Titles
 * are the publications' own; URLs are the publishers' official pages.
 */
export interface Source {
  publisher: string;
  title: string;
  url: string;
}

export const sources = {
  epaCitizensGuide: {
    publisher: "U.S. Environmental Protection Agency",
    title:
      "A Citizen's Guide to Radon: The Guide to Protecting Yourself and Your Family from Radon",
    url: "https://www.epa.gov/radon/citizens-guide-radon-guide-protecting-yourself-and-your-family-radon",
  },
  epaRadonHealth: {
    publisher: "U.S. Environmental Protection Agency",
    title: "Health Risk of Radon",
    url: "https://www.epa.gov/radon/health-risk-radon",
  },
  epaRadonReduction: {
    publisher: "U.S. Environmental Protection Agency",
    title: "Consumer's Guide to Radon Reduction: How to Fix Your Home",
    url: "https://www.epa.gov/radon/consumers-guide-radon-reduction-how-fix-your-home",
  },
  epaMoldGuide: {
    publisher: "U.S. Environmental Protection Agency",
    title: "A Brief Guide to Mold, Moisture, and Your Home",
    url: "https://www.epa.gov/mold/brief-guide-mold-moisture-and-your-home",
  },
  epaPrivateWells: {
    publisher: "U.S. Environmental Protection Agency",
    title: "Protect Your Home's Water (Private Drinking Water Wells)",
    url: "https://www.epa.gov/privatewells/protect-your-homes-water",
  },
  usgsHardness: {
    publisher: "U.S. Geological Survey",
    title: "Hardness of Water (Water Science School)",
    url: "https://www.usgs.gov/special-topics/water-science-school/science/hardness-water",
  },
  usgsHardnessMap: {
    publisher: "U.S. Geological Survey",
    title: "Do you have information about water hardness in the United States?",
    url: "https://www.usgs.gov/faqs/do-you-have-information-about-water-hardness-united-states",
  },
  utahDeqRadonRealEstate: {
    publisher: "Utah Department of Environmental Quality",
    title: "Real Estate Transactions in Utah (radon)",
    url: "https://deq.utah.gov/waste-management-and-radiation-control/real-estate-transactions-utah",
  },
  utahDeqRadonReport: {
    publisher: "Utah Department of Environmental Quality",
    title: "Radon: 2018 State of the Environment Report",
    url: "https://deq.utah.gov/communication/state-of-the-environment-report/radon-2018-state-of-the-environment-report-wmrc",
  },
  ugsRadonMap: {
    publisher: "Utah Geological Survey",
    title: "The radon-hazard-potential map of Utah (Map 149)",
    url: "https://utahmapstore.com/products/m-149",
  },
  ugsSandyProvo: {
    publisher: "Utah Geological Survey",
    title:
      "Radon-hazard potential of the Sandy and Provo areas, Salt Lake and Utah Counties (Special Study 85)",
    url: "https://utahmapstore.com/products/ss-85",
  },
  epaDrinkingWaterRegulations: {
    publisher: "U.S. Environmental Protection Agency",
    title: "National Primary Drinking Water Regulations",
    url: "https://www.epa.gov/ground-water-and-drinking-water/national-primary-drinking-water-regulations",
  },
  epaLeadCopperImprovements: {
    publisher: "U.S. Environmental Protection Agency",
    title: "Lead and Copper Rule Improvements",
    url: "https://www.epa.gov/ground-water-and-drinking-water/lead-and-copper-rule-improvements",
  },
  epaPfasRegulation: {
    publisher: "U.S. Environmental Protection Agency",
    title:
      "Per- and Polyfluoroalkyl Substances (PFAS): Final PFAS National Primary Drinking Water Regulation",
    url: "https://www.epa.gov/sdwa/and-polyfluoroalkyl-substances-pfas",
  },
  epaRadionuclidesRule: {
    publisher: "U.S. Environmental Protection Agency",
    title: "Radionuclides Rule",
    url: "https://www.epa.gov/dwreginfo/radionuclides-rule",
  },
  epaTotalColiformRule: {
    publisher: "U.S. Environmental Protection Agency",
    title: "Revised Total Coliform Rule and Total Coliform Rule",
    url: "https://www.epa.gov/dwreginfo/revised-total-coliform-rule-and-total-coliform-rule",
  },
  doeEvaporativeCoolers: {
    publisher: "U.S. Department of Energy",
    title: "Evaporative Coolers (Energy Saver)",
    url: "https://www.energy.gov/energysaver/evaporative-coolers",
  },
  mdhHomeWaterTreatment: {
    publisher: "Minnesota Department of Health",
    title: "Home Water Treatment",
    url: "https://www.health.state.mn.us/communities/environment/water/factsheet/hometreatment.html",
  },
} as const satisfies Record<string, Source>;

export type SourceId = keyof typeof sources;
